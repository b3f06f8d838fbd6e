import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './errors.js';

const MAGIC = /[*?[]/;

/** Whether an argument is a pattern (a shell that expands nothing passes them on as they are). */
export const isGlob = (pattern: string) => MAGIC.test(pattern);

/**
 * One path segment's pattern as a RegExp: `*` any run, `?` one character, `[abc]`/`[!a-z]` a
 * class; everything else literal. Like a shell, a wildcard does not match a leading dot.
 */
export function segmentRegExp(segment: string): RegExp {
  let source = '';
  for (let index = 0; index < segment.length; index += 1) {
    const char = segment[index]!;
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = segment.indexOf(']', index + 2);
      if (end === -1) {
        source += '\\[';
        continue;
      }
      let body = segment.slice(index + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
      index = end;
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  const hidden = segment.startsWith('.') ? '' : '(?!\\.)';
  return new RegExp(`^${hidden}${source}$`, 'u');
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Files under `dir` that the remaining segments match (`**` is zero or more folders). */
async function walk(dir: string, segments: readonly string[], out: Set<string>): Promise<void> {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (head === '**') {
    await walk(dir, rest, out);
    for (const entry of await entries(dir)) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) {
        await walk(path.join(dir, entry.name), segments, out);
      }
    }
    return;
  }
  if (!isGlob(head)) {
    const next = path.join(dir, head);
    if (rest.length > 0) return walk(next, rest, out);
    const info = await stat(next).catch(() => null);
    if (info?.isFile()) out.add(next);
    return;
  }
  const pattern = segmentRegExp(head);
  for (const entry of await entries(dir)) {
    if (!pattern.test(entry.name)) continue;
    const next = path.join(dir, entry.name);
    if (rest.length > 0) {
      if (entry.isDirectory() || entry.isSymbolicLink()) await walk(next, rest, out);
    } else {
      const info = await stat(next).catch(() => null);
      if (info?.isFile()) out.add(next);
    }
  }
}

/**
 * The files the arguments name, in order, each once. A plain path must be an existing file;
 * a pattern is expanded here (for shells that pass it on) and must match at least one file.
 */
export async function expandFileArgs(args: readonly string[], cwd = process.cwd()) {
  const files: string[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    const found = new Set<string>();
    if (isGlob(arg)) {
      const absolute = path.resolve(cwd, arg);
      const { root } = path.parse(absolute);
      const segments = absolute
        .slice(root.length)
        .split(/[\\/]+/)
        .filter(Boolean);
      await walk(root, segments, found);
      if (found.size === 0) throw new UsageError(`${arg}: no file matches`);
    } else {
      const file = path.resolve(cwd, arg);
      const info = await stat(file).catch(() => null);
      if (!info) throw new UsageError(`${arg}: no such file`);
      if (!info.isFile()) throw new UsageError(`${arg}: not a file`);
      found.add(file);
    }
    for (const file of [...found].sort()) {
      if (!seen.has(file)) {
        seen.add(file);
        files.push(file);
      }
    }
  }
  return files;
}

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../lib/app-error.js';
import { mapLimit } from '../../../lib/map-limit.js';
import type { ListOptions, ListResult, ObjectInfo } from '../../storage-driver.js';
import { validateStorageKey, validateStoragePrefix } from '../../storage-key.js';
import { resolveListLimit } from '../../storage-rules.js';
import { isMissing, mapFsError } from './local-errors.js';
import { isReservedTopLevelName, type LocalPaths } from './local-paths.js';

/** One listing entry before metadata is attached. */
export type WalkEntry =
  | { type: 'object'; key: string; path: string }
  | { type: 'prefix'; key: string }
  /** An empty directory, listed as its folder marker `key/` (S3's zero-byte object). */
  | { type: 'folder'; key: string; path: string };

/** The ETag S3 gives a zero-byte folder marker: the MD5 of nothing. */
const EMPTY_ETAG = 'd41d8cd98f00b204e9800998ecf8427e';

/** What to walk: everything under `prefix`, after `cursor`, optionally folded at '/'. */
export interface WalkOptions {
  prefix: string;
  delimiter: boolean;
  /** The last entry of the previous page (key or common prefix); entries ≤ it are skipped. */
  after: string | null;
}

/**
 * S3 orders keys by their UTF-8 bytes (code point order), which differs from JS string order
 * only where a surrogate (above U+FFFF) meets U+E000–U+FFFF: the rank below puts surrogates
 * after those. Compares without encoding: a 100,000-entry sort must not allocate per compare.
 */
export function compareKeys(a: string, b: string): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

function utf8Rank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/** One directory entry with its key, in key order. */
interface DirEntry {
  name: string;
  isDir: boolean;
  key: string;
}

/** Files of a page described at once (each a stat and a metadata read). */
const DESCRIBE_CONCURRENCY = 16;

/** Directories with at least this many entries keep their sorted listing between pages. */
const BIG_DIRECTORY = 2000;
const CACHED_DIRECTORIES = 4;
/** A kept listing is read again after this long even when the directory seems unchanged. */
const DIRECTORY_TTL_MS = 30_000;
const sortedDirectories = new Map<string, { stamp: string; at: number; entries: DirEntry[] }>();

/**
 * The directory's entries in key order. Paging a directory of 100,000 names would read and
 * sort it once per page; a big one's sorted listing is kept while its inode, mtime and ctime
 * (nanoseconds) stay the same — every entry added, removed or renamed changes them.
 */
async function sortedEntries(dir: string, dirKey: string): Promise<DirEntry[] | null> {
  let info;
  try {
    info = await stat(dir, { bigint: true });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const stamp = `${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;
  const cacheKey = `${dir}\u0000${dirKey}`;
  const kept = sortedDirectories.get(cacheKey);
  if (kept && kept.stamp === stamp && Date.now() - kept.at < DIRECTORY_TTL_MS) return kept.entries;
  let dirents;
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const entries = dirents
    .filter((d) => d.isFile() || d.isDirectory())
    .filter((d) => dirKey !== '' || !isReservedTopLevelName(d.name))
    .map((d) => ({
      name: d.name,
      isDir: d.isDirectory(),
      key: dirKey + d.name + (d.isDirectory() ? '/' : ''),
    }))
    .sort((a, b) => compareKeys(a.key, b.key));
  sortedDirectories.delete(cacheKey);
  if (entries.length >= BIG_DIRECTORY) {
    sortedDirectories.set(cacheKey, { stamp, at: Date.now(), entries });
    const oldest = sortedDirectories.keys().next().value;
    if (sortedDirectories.size > CACHED_DIRECTORIES && oldest !== undefined) {
      sortedDirectories.delete(oldest);
    }
  }
  return entries;
}

/**
 * Where a walk resumes in sorted entries: the first entry after the cursor, or the folder
 * just before it when the cursor lies inside that folder.
 */
function resumeIndex(entries: readonly DirEntry[], after: string | null): number {
  if (after === null) return 0;
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(entries[mid]!.key, after) > 0) hi = mid;
    else lo = mid + 1;
  }
  const before = entries[lo - 1];
  return before?.isDir && after.startsWith(before.key) ? lo - 1 : lo;
}

function isAddressable(key: string): boolean {
  try {
    validateStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Walks the object tree in S3 key order. A directory sorts as its name plus '/', which is
 * exactly where its keys fall among its siblings, so a depth-first walk of sorted entries
 * yields keys in order. Subtrees wholly before the cursor or outside the prefix are skipped
 * without being read; symlinks, internal directories and unaddressable names are not listed.
 */
export async function* walkKeys(
  dir: string,
  dirKey: string,
  options: WalkOptions,
): AsyncGenerator<WalkEntry> {
  const entries = await sortedEntries(dir, dirKey);
  if (entries === null) return;

  const { prefix, after } = options;
  if (entries.length === 0 && dirKey !== '' && dirKey.startsWith(prefix)) {
    if (after === null || compareKeys(dirKey, after) > 0) {
      yield { type: 'folder', key: dirKey, path: dir };
    }
    return;
  }
  for (let i = resumeIndex(entries, after); i < entries.length; i++) {
    const entry = entries[i]!;
    const underPrefix = entry.key.startsWith(prefix);
    if (!underPrefix && !(entry.isDir && prefix.startsWith(entry.key))) continue;
    if (!isAddressable(entry.isDir ? entry.key.slice(0, -1) : entry.key)) continue;
    if (!entry.isDir) {
      if (after === null || compareKeys(entry.key, after) > 0) {
        yield { type: 'object', key: entry.key, path: path.join(dir, entry.name) };
      }
    } else if (underPrefix && options.delimiter) {
      if (after === null || compareKeys(entry.key, after) > 0) {
        yield { type: 'prefix', key: entry.key };
      }
    } else if (after === null || compareKeys(entry.key, after) > 0 || after.startsWith(entry.key)) {
      yield* walkKeys(path.join(dir, entry.name), entry.key, options);
    }
  }
}

/** Cursors are opaque to callers: the last listed entry, base64url-encoded. */
export function encodeCursor(lastKey: string): string {
  return Buffer.from(lastKey, 'utf8').toString('base64url');
}

/** Decodes a cursor made by encodeCursor; VALIDATION_FAILED for anything else. */
export function decodeCursor(cursor: string | null | undefined): string | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (key === '' || encodeCursor(key) !== cursor) {
    throw new AppError('VALIDATION_FAILED', 'invalid list cursor', {
      details: [{ field: 'cursor', rule: 'format', message: 'not a cursor of this listing' }],
    });
  }
  return key;
}

/** A folder marker's listing entry: size 0, the empty body's ETag, the directory's mtime. */
async function describeFolder(key: string, dir: string): Promise<ObjectInfo | null> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) return null;
  return { key, size: 0, etag: EMPTY_ETAG, lastModified: info.mtime, contentType: '' };
}

/**
 * One page of list(): walks from the deepest folder the prefix names, stops one entry past
 * the limit (to know whether another page exists) and stats only the page's objects.
 */
export async function listPage(
  paths: LocalPaths,
  prefix: string,
  options: ListOptions,
  /** Describes a listed file: its key and its path (in a directory already checked). */
  statKey: (key: string, file: string) => Promise<ObjectInfo | null>,
): Promise<ListResult> {
  validateStoragePrefix(prefix);
  const limit = resolveListLimit(options.limit);
  const after = decodeCursor(options.cursor);
  const dirKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
  const empty = { objects: [], prefixes: [], nextCursor: null };
  if (dirKey !== '' && isReservedTopLevelName(dirKey.split('/', 1)[0] ?? '')) return empty;
  const dir = dirKey === '' ? paths.root : paths.objectPath(dirKey.slice(0, -1));
  const walk = { prefix, delimiter: options.delimiter === '/', after };
  const entries: WalkEntry[] = [];
  try {
    await paths.assertPhysicallyInside(dir);
    for await (const entry of walkKeys(dir, dirKey, walk)) {
      entries.push(entry);
      if (entries.length > limit) break;
    }
  } catch (error) {
    if (isMissing(error)) return empty;
    throw mapFsError(error, prefix);
  }
  const page = entries.slice(0, limit);
  const described = await mapLimit(page, DESCRIBE_CONCURRENCY, async (entry) => {
    if (entry.type === 'object') return statKey(entry.key, entry.path);
    if (entry.type === 'folder') return describeFolder(entry.key, entry.path);
    return null;
  });
  return {
    objects: described
      .filter((info): info is ObjectInfo => info !== null)
      .map(({ contentType: _contentType, ...listed }) => listed),
    prefixes: page.filter((entry) => entry.type === 'prefix').map((entry) => entry.key),
    nextCursor: entries.length > limit ? encodeCursor(page.at(-1)?.key ?? '') : null,
  };
}

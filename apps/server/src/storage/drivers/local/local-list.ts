import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../lib/app-error.js';
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

/** S3 orders keys by their UTF-8 bytes, which differs from JS string order above U+FFFF. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
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
  let dirents;
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
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

  const { prefix, after } = options;
  if (entries.length === 0 && dirKey !== '' && dirKey.startsWith(prefix)) {
    if (after === null || compareKeys(dirKey, after) > 0) {
      yield { type: 'folder', key: dirKey, path: dir };
    }
    return;
  }
  for (const entry of entries) {
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
  statKey: (key: string) => Promise<ObjectInfo | null>,
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
  const described = await Promise.all(
    page.map(async (entry) => {
      if (entry.type === 'object') return statKey(entry.key);
      if (entry.type === 'folder') return describeFolder(entry.key, entry.path);
      return null;
    }),
  );
  return {
    objects: described
      .filter((info): info is ObjectInfo => info !== null)
      .map(({ contentType: _contentType, ...listed }) => listed),
    prefixes: page.filter((entry) => entry.type === 'prefix').map((entry) => entry.key),
    nextCursor: entries.length > limit ? encodeCursor(page.at(-1)?.key ?? '') : null,
  };
}

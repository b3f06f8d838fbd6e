import { checkPath } from '@pasteport/contract';
import type { FsChange, FsChanges } from '../../vfs/fs-changes.js';
import type { FsIndexRepository, FsIndexRow } from './fs-index.repository.js';

/** An object or folder to index, as a write or a listing reports it. */
export interface IndexEntry {
  /** Storage key; a trailing slash (an S3 folder marker) marks a folder. */
  key: string;
  isDirectory: boolean;
  size: number;
  modified: Date | null;
}

/**
 * Whether a key can be named by a path (decision 0014): keys with empty, `.`/`..`, backslash
 * or control-character segments are never listed, so they are not indexed either.
 */
function isAddressable(key: string): boolean {
  if (key === '') return false;
  const checked = checkPath(`/${key}`);
  return checked.ok && checked.path === `/${key}`;
}

function rowOf(key: string, isDirectory: boolean, size: number, modified: Date | null) {
  const slash = key.lastIndexOf('/');
  const name = key.slice(slash + 1);
  return {
    key,
    name,
    name_fold: name.toLowerCase(),
    parent_key: slash < 0 ? '' : key.slice(0, slash),
    is_directory: isDirectory ? 1 : 0,
    size: isDirectory ? 0 : size,
    modified: modified ? modified.toISOString() : null,
    content_type: null,
  } satisfies FsIndexRow;
}

/**
 * The index rows for entries: each addressable entry plus every folder above it (object
 * stores have no folders of their own: `a/b/c.txt` implies `a` and `a/b`), each key once.
 */
export function indexRows(entries: Iterable<IndexEntry>): FsIndexRow[] {
  const rows = new Map<string, FsIndexRow>();
  for (const entry of entries) {
    const isDirectory = entry.isDirectory || entry.key.endsWith('/');
    const key = entry.key.replace(/\/+$/, '');
    if (!isAddressable(key)) continue;
    rows.set(key, rowOf(key, isDirectory, entry.size, entry.modified));
    for (let slash = key.lastIndexOf('/'); slash > 0; slash = key.lastIndexOf('/', slash - 1)) {
      const folder = key.slice(0, slash);
      if (rows.has(folder)) break;
      rows.set(folder, rowOf(folder, true, 0, null));
    }
  }
  return [...rows.values()];
}

/**
 * Keeps the index in step with every write through this server: written entries (and their
 * folders) are upserted, removed keys deleted (a folder with its subtree, one statement).
 */
export function createFsIndexer(repo: Pick<FsIndexRepository, 'upsert' | 'remove'>) {
  async function apply(change: FsChange): Promise<void> {
    for (const removed of change.removed ?? []) {
      await repo.remove(change.storageConfigId, removed.key.replace(/\/+$/, ''), removed.recursive);
    }
    if (change.written?.length) {
      await repo.upsert(change.storageConfigId, indexRows(change.written));
    }
  }
  return {
    apply,
    /** Follows the announced writes; answers the unsubscribe function. */
    follow(changes: Pick<FsChanges, 'subscribe'>): () => void {
      return changes.subscribe(apply);
    },
  };
}

export type FsIndexer = ReturnType<typeof createFsIndexer>;

import type { Table } from 'dexie';
import { getOfflineDb, type OfflineCopy } from '../offline-db';
import { isFreshCopy } from './freshness';

/*
 * The copy stores' reads and writes. They reject as IndexedDB does (missing in some private
 * windows, a full disk); lazy-store.ts, through which the app calls them, makes them soft.
 */

/** The stores of copies kept for reading offline, and the field each is keyed by (SPEC §3). */
export const COPY_KEYS = { pastes: 'slug', files: 'slug', directories: 'path' } as const;

/** One store of copies. */
export type CopyStore = keyof typeof COPY_KEYS;

/** A copy without its key: whose it is, when it was kept, the answer, the share's expiry. */
export interface CopyFields extends OfflineCopy {
  /** When the share itself expires (epoch ms); the copy is not shown after it. */
  shareExpiresAt?: number;
}

/** A copy as a store holds it, with its key field. */
type StoredCopy = CopyFields & { slug?: string; path?: string };

/** What a reader gets back: the answer, and when it was kept (for "saved {time}"). */
export interface KeptCopy {
  data: unknown;
  cachedAt: number;
}

function tableOf(store: CopyStore): Table<StoredCopy, string> {
  return getOfflineDb().table<StoredCopy, string>(store);
}

/** What keepCopy stores besides the key and the date. */
export type CopyToKeep = Omit<CopyFields, 'cachedAt'>;

/** Keeps (or replaces) the copy under `key`, dated `now`. */
export function keepCopy(
  store: CopyStore,
  key: string,
  copy: CopyToKeep,
  now: number = Date.now(),
): Promise<void> {
  return reviseCopy(store, key, () => ({ ...copy, cachedAt: now }));
}

/**
 * Replaces the copy under `key` with what `revise` makes of the one kept (undefined when none),
 * in one transaction; `revise` answering undefined leaves the store as it is.
 */
export function reviseCopy(
  store: CopyStore,
  key: string,
  revise: (kept: CopyFields | undefined) => CopyFields | undefined,
): Promise<void> {
  const table = tableOf(store);
  return getOfflineDb().transaction('rw', table, async () => {
    const next = revise(await table.get(key));
    if (next) await table.put({ ...next, [COPY_KEYS[store]]: key });
  });
}

/**
 * The copy under `key` if it belongs to `owner` and is fresh at `now`. A stale one is deleted
 * on the way (the sweep at start would take it later anyway); another owner's is left alone.
 */
export async function readCopy(
  store: CopyStore,
  key: string,
  owner: string,
  now: number = Date.now(),
): Promise<KeptCopy | undefined> {
  const table = tableOf(store);
  const copy = await table.get(key);
  if (!copy || copy.owner !== owner) return undefined;
  if (!isFreshCopy(copy, now)) {
    await table.delete(key);
    return undefined;
  }
  return { data: copy.data, cachedAt: copy.cachedAt };
}

/** Forgets the copy under `key` (the share is gone, or may no longer be kept). */
export function dropCopy(store: CopyStore, key: string): Promise<void> {
  return tableOf(store).delete(key);
}

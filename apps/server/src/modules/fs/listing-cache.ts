import type { CacheStats } from '@pasteport/contract';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import { createLruCache } from '../../lib/lru-cache.js';
import type { FsChange } from '../../vfs/fs-changes.js';
import type { ManagedCache } from '../cache/managed-cache.js';
import type { FolderPage, PageRequest } from './directory-listing.js';

/** The name the listing cache has in the cache stats and in a clear request. */
export const LISTING_CACHE_NAME = 'fs-listings';
/** Published with the folders a write changed; every instance drops their pages. */
export const LISTING_INVALIDATION_TOPIC = 'fs-listing';
export const LISTING_CACHE_MAX_ENTRIES = 2000;
/** Budget in listed entries across all pages (a 5000-entry page weighs 5000). */
const MAX_CACHED_ENTRIES_TOTAL = 200_000;
/** Changes touching more folders than this drop the storage's whole cache instead. */
const MAX_MESSAGES_PER_CHANGE = 20;

/** A page's place: the storage, the folder key and the page request (cursor, limit). */
export interface PageRef extends PageRequest {
  storageId: string;
}

/** An invalidation message: a folder (and, with `subtree`, everything below it), or a storage. */
type Drop = [storageId: string, folderKey: string, subtree: boolean] | [storageId: string];
const DROP_ALL = '*';

/**
 * Directory pages of storages, cached per (storage config, folder key, cursor, limit) for the
 * mount's `cache_ttl` (decision 0014: per storage, so every mount on it shares the pages).
 * Every write announced on fsChanges drops the pages of the folders it changed — the written or
 * removed key's every ancestor folder (a new key can make folders appear up to the root), and
 * for a recursive removal everything below the key — on every instance through the
 * invalidation bus. The TTL only bounds what writes by other tools leave stale.
 */
export function createListingCache(deps: { clock: Clock; invalidation: InvalidationBus }) {
  const refsByFolder = new Map<string, Set<string>>();
  const folderOf = (storageId: string, folderKey: string) => `${storageId}\u0000${folderKey}`;
  const keyOf = (ref: PageRef) =>
    `${folderOf(ref.storageId, ref.folderKey)}\u0000${ref.cursor ?? ''}\u0000${ref.limit}`;
  const forgetRef = (folder: string, key: string) => {
    const refs = refsByFolder.get(folder);
    refs?.delete(key);
    if (refs?.size === 0) refsByFolder.delete(folder);
  };
  const pages = createLruCache<string, { page: FolderPage; at: number; folder: string }>({
    maxEntries: LISTING_CACHE_MAX_ENTRIES,
    maxWeight: MAX_CACHED_ENTRIES_TOTAL,
    onEvict: (key, entry) => forgetRef(entry.folder, key),
  });
  let hits = 0;
  let misses = 0;
  /** Drop messages heard so far. */
  let drops = 0;

  const dropFolder = (folder: string) => {
    for (const key of refsByFolder.get(folder) ?? []) pages.delete(key);
    refsByFolder.delete(folder);
  };
  const dropWhere = (test: (folder: string) => boolean) => {
    for (const folder of [...refsByFolder.keys()]) if (test(folder)) dropFolder(folder);
  };

  deps.invalidation.subscribe(LISTING_INVALIDATION_TOPIC, (message) => {
    drops += 1;
    if (message === DROP_ALL) {
      pages.clear();
      refsByFolder.clear();
      return;
    }
    const drop = parseDrop(message);
    if (!drop) return;
    const [storageId, folderKey, subtree] = drop;
    const storage = `${storageId}\u0000`;
    if (folderKey === undefined) {
      dropWhere((folder) => folder.startsWith(storage));
      return;
    }
    dropFolder(folderOf(storageId, folderKey));
    if (subtree) {
      const below = folderOf(storageId, folderKey === '' ? '' : `${folderKey}/`);
      dropWhere((folder) => folder.startsWith(below));
    }
  });

  const publish = (drop: Drop | typeof DROP_ALL) =>
    deps.invalidation.publish(
      LISTING_INVALIDATION_TOPIC,
      drop === DROP_ALL ? drop : JSON.stringify(drop),
    );

  const cache = {
    /** A cached page no older than `ttlSeconds` (0: never cached). */
    get(ref: PageRef, ttlSeconds: number): FolderPage | undefined {
      if (ttlSeconds <= 0) return undefined;
      const key = keyOf(ref);
      const entry = pages.get(key);
      if (entry && deps.clock.now().getTime() - entry.at <= ttlSeconds * 1000) {
        hits += 1;
        return entry.page;
      }
      misses += 1;
      return undefined;
    },

    /** Where the drops stand; read it before reading a page and hand it to put. */
    mark(): number {
      return drops;
    },

    /** Keeps a page read since `readSince` (mark()) for mounts whose TTL is above 0. */
    put(ref: PageRef, page: FolderPage, ttlSeconds: number, readSince: number): void {
      if (ttlSeconds <= 0) return;
      const key = keyOf(ref);
      const folder = folderOf(ref.storageId, ref.folderKey);
      const weight = Math.max(1, page.folders.length + page.files.length);
      // A drop heard while the page was read may concern it: such a page is not kept.
      if (readSince !== drops || weight > MAX_CACHED_ENTRIES_TOTAL) return;
      pages.set(key, { page, at: deps.clock.now().getTime(), folder }, weight);
      const refs = refsByFolder.get(folder) ?? new Set<string>();
      refs.add(key);
      refsByFolder.set(folder, refs);
    },

    /** Drops, on every instance, the pages of the folders a write changed. */
    async forgetChange(change: FsChange): Promise<void> {
      const folders = changedFolders(change);
      const messages: (Drop | typeof DROP_ALL)[] =
        folders.length > MAX_MESSAGES_PER_CHANGE ? [[change.storageConfigId]] : folders;
      await Promise.all(messages.map(publish));
    },
  };

  const managed: ManagedCache = {
    name: LISTING_CACHE_NAME,
    // Listings of mounts: a key that may read mounts may make them read afresh.
    keyPermission: 'mount',
    stats(): CacheStats {
      return {
        name: LISTING_CACHE_NAME,
        entries: pages.size,
        max_entries: LISTING_CACHE_MAX_ENTRIES,
        hits,
        misses,
      };
    },
    async clearEverywhere() {
      const dropped = pages.size;
      await publish(DROP_ALL);
      return dropped;
    },
    async clearStorages(storageIds) {
      const ids = new Set(storageIds);
      let dropped = 0;
      for (const [folder, refs] of refsByFolder) {
        if (ids.has(folder.slice(0, folder.indexOf('\u0000')))) dropped += refs.size;
      }
      await Promise.all([...ids].map((id) => publish([id])));
      return dropped;
    },
  };

  return Object.assign(cache, { managed });
}

export type ListingCache = ReturnType<typeof createListingCache>;

/** The folders a change touched: every ancestor folder of each key, and removed subtrees. */
function changedFolders(change: FsChange): Drop[] {
  const id = change.storageConfigId;
  const folders = new Set<string>();
  const subtrees = new Set<string>();
  const addAncestors = (key: string) => {
    const segments = key.split('/');
    for (let depth = 0; depth < segments.length; depth++) {
      folders.add(segments.slice(0, depth).join('/'));
    }
  };
  for (const entry of change.written ?? []) addAncestors(entry.key);
  for (const removed of change.removed ?? []) {
    addAncestors(removed.key);
    if (removed.recursive) subtrees.add(removed.key);
  }
  return [
    ...[...folders].filter((folder) => !subtrees.has(folder)).map((f): Drop => [id, f, false]),
    ...[...subtrees].map((f): Drop => [id, f, true]),
  ];
}

function parseDrop(message: string): [string, string | undefined, boolean] | null {
  try {
    const parsed: unknown = JSON.parse(message);
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') return null;
    const [storageId, folderKey, subtree] = parsed as [string, unknown, unknown];
    if (folderKey === undefined) return [storageId, undefined, false];
    if (typeof folderKey !== 'string') return null;
    return [storageId, folderKey, subtree === true];
  } catch {
    return null;
  }
}

import type { CacheStats, FsSearchResponse } from '@pasteport/contract';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import { createLruCache } from '../../lib/lru-cache.js';
import type { ManagedCache } from '../cache/managed-cache.js';

/** The name the search-results cache has in the cache stats and in a clear request. */
export const SEARCH_CACHE_NAME = 'fs-search';
/** Published with a storage config id whose index changed; every instance drops its entries. */
export const SEARCH_INVALIDATION_TOPIC = 'fs-search';
export const SEARCH_CACHE_MAX_ENTRIES = 1000;
/** How long a result page is served from the cache at most. */
export const SEARCH_CACHE_TTL_MS = 60_000;
/** Budget in cached results across all pages (a 200-result page weighs 201). */
const MAX_CACHED_RESULTS_TOTAL = 100_000;
const DROP_ALL = '*';

interface Entry {
  response: FsSearchResponse;
  at: number;
  storageIds: readonly string[];
}

/**
 * Search result pages, per caller reach and query (search.service.ts builds the key), for
 * SEARCH_CACHE_TTL_MS. Each entry remembers the storage configs its branches cover; a change
 * of a storage's index (a write through this server, a crawl) drops the entries touching it on
 * every instance through the invalidation bus. A page read while any drop was heard is not
 * kept (mark() / readSince), so a change racing a query never leaves a stale page behind.
 */
export function createSearchCache(deps: { clock: Clock; invalidation: InvalidationBus }) {
  const keysByStorage = new Map<string, Set<string>>();
  const unindex = (key: string, storageIds: readonly string[]) => {
    for (const id of storageIds) {
      const keys = keysByStorage.get(id);
      keys?.delete(key);
      if (keys?.size === 0) keysByStorage.delete(id);
    }
  };
  const pages = createLruCache<string, Entry>({
    maxEntries: SEARCH_CACHE_MAX_ENTRIES,
    maxWeight: MAX_CACHED_RESULTS_TOTAL,
    onEvict: (key, entry) => unindex(key, entry.storageIds),
  });
  let hits = 0;
  let misses = 0;
  /** Drops heard so far (any storage, or all). */
  let drops = 0;

  const remove = (key: string) => {
    const entry = pages.get(key);
    if (!entry) return;
    pages.delete(key);
    unindex(key, entry.storageIds);
  };
  const dropAll = () => {
    drops += 1;
    pages.clear();
    keysByStorage.clear();
  };
  const dropStorage = (storageId: string) => {
    drops += 1;
    for (const key of [...(keysByStorage.get(storageId) ?? [])]) remove(key);
    keysByStorage.delete(storageId);
  };

  deps.invalidation.subscribe(SEARCH_INVALIDATION_TOPIC, (message) => {
    if (message === DROP_ALL) dropAll();
    else dropStorage(message);
  });

  const publish = (message: string) =>
    deps.invalidation.publish(SEARCH_INVALIDATION_TOPIC, message);

  const cache = {
    /** A cached page no older than the TTL, or undefined (counted as a miss). */
    get(key: string): FsSearchResponse | undefined {
      const entry = pages.get(key);
      if (entry && deps.clock.now().getTime() - entry.at <= SEARCH_CACHE_TTL_MS) {
        hits += 1;
        return entry.response;
      }
      if (entry) remove(key);
      misses += 1;
      return undefined;
    },

    /** Where the drops stand; read it before running the query and hand it to put. */
    mark(): number {
      return drops;
    },

    /** Keeps a page computed since `readSince` (mark()) over the given storages. */
    put(
      key: string,
      response: FsSearchResponse,
      storageIds: readonly string[],
      readSince: number,
    ): void {
      // A drop heard while the query ran may concern it: such a page is not kept.
      if (readSince !== drops) return;
      const unique = [...new Set(storageIds)];
      remove(key);
      pages.set(
        key,
        { response, at: deps.clock.now().getTime(), storageIds: unique },
        1 + response.results.length,
      );
      if (pages.get(key) === undefined) return; // heavier than the whole budget
      for (const id of unique) {
        const keys = keysByStorage.get(id) ?? new Set<string>();
        keys.add(key);
        keysByStorage.set(id, keys);
      }
    },

    /** Drops, on every instance, the pages touching a storage whose index changed. */
    forgetStorage(storageId: string): Promise<void> {
      return publish(storageId);
    },

    /**
     * Drops every page on this instance only: for changes every instance hears by itself
     * (a mount or a storage config changed, which alters what each caller may see).
     */
    forgetAllHere(): void {
      dropAll();
    },
  };

  const managed: ManagedCache = {
    name: SEARCH_CACHE_NAME,
    // Results from mounts: a key that may read mounts may make them searched afresh.
    keyPermission: 'mount',
    stats(): CacheStats {
      return {
        name: SEARCH_CACHE_NAME,
        entries: pages.size,
        max_entries: SEARCH_CACHE_MAX_ENTRIES,
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
      const ids = [...new Set(storageIds)];
      const keys = new Set(ids.flatMap((id) => [...(keysByStorage.get(id) ?? [])]));
      await Promise.all(ids.map(publish));
      return keys.size;
    },
  };

  return Object.assign(cache, { managed });
}

export type SearchCache = ReturnType<typeof createSearchCache>;

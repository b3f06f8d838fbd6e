import type { CacheStats } from '@pasteport/contract';
import type { InvalidationBus } from '../../lib/invalidation.js';
import {
  PASTE_CACHE_DROP_ALL as DROP_ALL,
  PASTE_CACHE_MAX_ENTRIES,
  PASTE_INVALIDATION_TOPIC,
  type PasteCache,
} from '../pastes/paste-cache.js';

export { PASTE_CACHE_MAX_ENTRIES };
import type { ManagedCache } from './managed-cache.js';

/** The name the paste cache has in the cache stats and in a clear request. */
export const PASTE_CACHE_NAME = 'pastes';

/**
 * The paste cache with its lookups counted, managed as the "pastes" cache. Hits and misses are
 * counted here rather than in its LRU so an expired or stale entry (dropped on read) counts as
 * the miss it is. The paste services receive this object in place of the bare cache.
 */
export function countedPasteCache(
  cache: PasteCache,
  invalidation: InvalidationBus,
): PasteCache & ManagedCache {
  let hits = 0;
  let misses = 0;
  return {
    name: PASTE_CACHE_NAME,
    // Unlimited pastes are public content; a key that manages pastes may flush it.
    keyPermission: 'text',
    get(slug) {
      const row = cache.get(slug);
      if (row) hits += 1;
      else misses += 1;
      return row;
    },
    put: (row) => cache.put(row),
    forget: (ids) => cache.forget(ids),
    get size() {
      return cache.size;
    },
    stats(): CacheStats {
      return {
        name: PASTE_CACHE_NAME,
        entries: cache.size,
        max_entries: PASTE_CACHE_MAX_ENTRIES,
        hits,
        misses,
      };
    },
    async clearEverywhere() {
      const dropped = cache.size;
      // Local subscribers (this cache) hear it before publish resolves; other instances soon.
      await invalidation.publish(PASTE_INVALIDATION_TOPIC, DROP_ALL);
      return dropped;
    },
  };
}

import type { CacheStats, ClearCacheResponse } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../core/actor.js';
import { mayClearCache } from './cache.policy.js';
import type { ManagedCache } from './managed-cache.js';

/**
 * The instance's in-memory caches: their stats for the admin, and clearing. A clear reaches
 * every instance through the invalidation bus; the count answered is this instance's.
 */
export function createCacheService(deps: { caches: readonly ManagedCache[] }) {
  return {
    stats(): CacheStats[] {
      return deps.caches.map((cache) => cache.stats());
    },

    /** Clears the named cache, or every cache the actor may clear when no name is given. */
    async clear(actor: Actor, name?: string): Promise<ClearCacheResponse> {
      let chosen = deps.caches.filter((cache) => mayClearCache(actor, cache));
      if (name !== undefined) {
        const named = deps.caches.find((cache) => cache.name === name);
        if (!named) throw new AppError('NOT_FOUND', `there is no cache named ${name}`);
        if (!chosen.includes(named)) {
          throw new AppError('PERMISSION_DENIED', `this API key may not clear the ${name} cache`);
        }
        chosen = [named];
      }
      const dropped = await Promise.all(chosen.map((cache) => cache.clearEverywhere()));
      return { cleared: dropped.reduce((sum, n) => sum + n, 0) };
    },
  };
}

export type CacheService = ReturnType<typeof createCacheService>;

import type { CacheStats, ClearCacheRequest, ClearCacheResponse } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../core/actor.js';
import { mayClearCache } from './cache.policy.js';
import type { ManagedCache } from './managed-cache.js';

/**
 * What a scoped clear needs to know of mounts and storage configs (composition.ts wires it).
 */
export interface CacheScopes {
  /**
   * The storage config of a mount the actor may name: the admin any mount, even an inactive
   * one; an API key only an active one it can see. Undefined otherwise (answered as absent).
   */
  storageOfMount(actor: Actor, mountId: string): Promise<string | undefined>;
  /** The storage configs of the active mounts the actor can see. */
  visibleStorages(actor: Actor): Promise<readonly string[]>;
  storageExists(storageConfigId: string): Promise<boolean>;
}

/**
 * The instance's in-memory caches: their stats for the admin, and clearing. A clear reaches
 * every instance through the invalidation bus; the count answered is this instance's.
 */
export function createCacheService(deps: { caches: readonly ManagedCache[]; scopes: CacheScopes }) {
  /** The storages a scope names, or null without one; refuses scopes the actor may not name. */
  async function storagesOfScope(
    actor: Actor,
    request: ClearCacheRequest,
  ): Promise<readonly string[] | null> {
    if (request.mountId !== undefined) {
      const id = await deps.scopes.storageOfMount(actor, request.mountId);
      // A mount beyond an API key's reach is as absent as an unknown one.
      if (id === undefined) throw new AppError('NOT_FOUND', 'mount not found');
      return [id];
    }
    if (request.s3ConfigId !== undefined) {
      if (actor.kind !== 'admin') {
        throw new AppError('PERMISSION_DENIED', 'only the administrator may clear by s3ConfigId');
      }
      if (!(await deps.scopes.storageExists(request.s3ConfigId))) {
        throw new AppError('NOT_FOUND', 'storage config not found');
      }
      return [request.s3ConfigId];
    }
    return null;
  }

  return {
    stats(): CacheStats[] {
      return deps.caches.map((cache) => cache.stats());
    },

    /**
     * Clears the named cache, or every cache the actor may clear when no name is given. With
     * a scope (`mountId`, `s3ConfigId`) only the caches holding entries per storage, and only
     * that storage's entries. An API key never clears other keys' storages: without a scope,
     * those caches drop only the entries of the storages of its visible mounts.
     */
    async clear(actor: Actor, request: ClearCacheRequest = {}): Promise<ClearCacheResponse> {
      const { name } = request;
      let chosen = deps.caches.filter((cache) => mayClearCache(actor, cache));
      if (name !== undefined) {
        const named = deps.caches.find((cache) => cache.name === name);
        if (!named) throw new AppError('NOT_FOUND', `there is no cache named ${name}`);
        if (!chosen.includes(named)) {
          throw new AppError('PERMISSION_DENIED', `this API key may not clear the ${name} cache`);
        }
        chosen = [named];
      }
      const scope = await storagesOfScope(actor, request);
      if (scope !== null) {
        if (name !== undefined && !chosen[0]!.clearStorages) {
          const message = `the ${name} cache holds no entries per storage`;
          throw new AppError('VALIDATION_FAILED', `name: ${message}`, {
            details: [{ field: 'name', rule: 'scoped', message }],
          });
        }
        chosen = chosen.filter((cache) => cache.clearStorages);
      }
      const own =
        scope === null && actor.kind !== 'admin' && chosen.some((cache) => cache.clearStorages)
          ? [...new Set(await deps.scopes.visibleStorages(actor))]
          : null;
      const storages = scope ?? own;
      const dropped = await Promise.all(
        chosen.map(async (cache) => {
          if (storages === null || !cache.clearStorages) return cache.clearEverywhere();
          return storages.length === 0 ? 0 : cache.clearStorages(storages);
        }),
      );
      return { cleared: dropped.reduce((sum, n) => sum + n, 0) };
    },
  };
}

export type CacheService = ReturnType<typeof createCacheService>;

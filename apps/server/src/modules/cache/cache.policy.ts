import type { Actor } from '../../core/actor.js';
import { hasPermission } from '../../core/access-policy.js';
import type { ManagedCache } from './managed-cache.js';

/**
 * Whether an actor may clear a cache: the admin any; an API key those of an area its
 * permissions open (a text key the paste cache); anonymous none.
 */
export function mayClearCache(actor: Actor, cache: Pick<ManagedCache, 'keyPermission'>): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind !== 'apikey' || cache.keyPermission === null) return false;
  return hasPermission(actor, cache.keyPermission);
}

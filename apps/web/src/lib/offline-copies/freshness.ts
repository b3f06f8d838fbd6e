import { OFFLINE_CACHE_TTL_MS } from '@pasteport/contract/plain';

/**
 * Whether a copy may still be shown at `now`: kept less than OFFLINE_CACHE_TTL_MS (SPEC §9: 7
 * days) ago, and its share not expired. A copy dated after `now` (the clock was turned back)
 * cannot be aged, so it is not shown either.
 */
export function isFreshCopy(
  copy: { cachedAt: number; shareExpiresAt?: number },
  now: number,
): boolean {
  const age = now - copy.cachedAt;
  if (age < 0 || age >= OFFLINE_CACHE_TTL_MS) return false;
  return copy.shareExpiresAt === undefined || copy.shareExpiresAt > now;
}

import { isApiError } from '../api';
import { isOfflineFailure } from './network-failure';

/**
 * What a read shows when its call failed: the kept copy when the failure was the device being
 * offline and a copy exists; otherwise the failure itself, exactly as before copies existed.
 */
export async function copyInsteadOf<T>(
  failure: unknown,
  readKeptCopy: () => Promise<T | undefined>,
): Promise<T> {
  if (!isOfflineFailure(failure)) throw failure;
  const copy = await readKeptCopy();
  if (copy === undefined) throw failure;
  return copy;
}

/** A share's `expires_at` as epoch ms for the copy's own end; undefined when it never expires. */
export function shareExpiryOf(expiresAt: string | null): number | undefined {
  if (expiresAt === null) return undefined;
  const at = Date.parse(expiresAt);
  // An instant that cannot be read is treated as already past: better no copy than a stale one.
  return Number.isNaN(at) ? 0 : at;
}

/** Whether the server answered that the thing is not there (404) or gone (410): drop its copy. */
export function answersGone(failure: unknown): boolean {
  return isApiError(failure) && failure.kind === 'http' && [404, 410].includes(failure.status ?? 0);
}

import { pasteViewSchema, type PasteView } from '@pasteport/contract';
import { dropCopy, keepCopy, readCopy, shareExpiryOf } from '../../../lib/offline-copies';

/**
 * Whether a paste may be kept to read offline. A paste with a view limit (max_views > 0, burn
 * after reading among them) never is: every read online is counted against the limit, and a
 * copy read offline would be a view the count never saw, or one after the last.
 */
export function mayKeepPasteOffline(paste: PasteView): boolean {
  return paste.max_views === 0;
}

/**
 * Keeps what a paste page showed for `owner`, replacing the copy of that slug. The answer holds
 * the content and never a password; one that may not be kept removes any earlier copy instead
 * (the paste was edited to a view limit since).
 */
export function keepPasteOffline(paste: PasteView, owner: string, now?: number): Promise<void> {
  if (!mayKeepPasteOffline(paste)) return dropCopy('pastes', paste.slug);
  const copy = { owner, data: paste, shareExpiresAt: shareExpiryOf(paste.expires_at) };
  return keepCopy('pastes', paste.slug, copy, now);
}

/** A paste as kept, and when it was saved. */
export interface PasteCopy {
  paste: PasteView;
  savedAt: number;
}

/** The fresh copy of `slug` kept for `owner`, if there is one the contract still describes. */
export async function readPasteCopy(
  slug: string,
  owner: string,
  now?: number,
): Promise<PasteCopy | undefined> {
  const copy = await readCopy('pastes', slug, owner, now);
  if (!copy) return undefined;
  const parsed = pasteViewSchema.safeParse(copy.data);
  if (!parsed.success || !mayKeepPasteOffline(parsed.data)) return undefined;
  return { paste: parsed.data, savedAt: copy.cachedAt };
}

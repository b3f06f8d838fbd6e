import type { FileGoneReason, PasteGoneReason } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';

/** What is shared by a slug: the noun every message and error detail names. */
export type ShareNoun = 'paste' | 'file';

/**
 * Why a share can no longer be read (SPEC's wording, the `details[].rule` of a 410): one list
 * for every kind of share. Pastes and files share expiry and the view limit; a file shared
 * from a mount also ends when its object is removed there.
 */
export type GoneReason = PasteGoneReason | FileGoneReason;

/** The columns the share rules read: when it ends and how many reads it allows. */
export interface ShareState {
  /** ISO-8601 UTC instant, or null for never. */
  expires_at: string | null;
  /** 0 means unlimited. */
  max_views: number;
  views: number;
}

/** What a counted read (one conditional UPDATE) found: counted, or why not. */
export type CountedRead<T> = ({ outcome: 'ok' } & T) | { outcome: 'missing' | GoneReason };

const GONE_MESSAGES: Record<GoneReason, (noun: ShareNoun) => string> = {
  expired: (noun) => `this ${noun} has expired`,
  view_limit: (noun) => `this ${noun} has reached its view limit`,
  source_removed: (noun) => `this ${noun} was deleted, moved or changed where it was shared from`,
};

/** 410 with the reason machine-readable in details (the web words each case its own way). */
export function goneError(noun: ShareNoun, reason: GoneReason): AppError {
  const message = GONE_MESSAGES[reason](noun);
  return new AppError('GONE', message, { details: [{ field: noun, rule: reason, message }] });
}

/** 404 for a slug (or a row) that is not there. */
export function shareNotFound(noun: ShareNoun, slug: string): AppError {
  return new AppError('NOT_FOUND', `no ${noun} ${slug}`);
}

const isExpired = (share: ShareState, now: string) =>
  share.expires_at !== null && share.expires_at <= now;
const isUsedUp = (share: ShareState) => share.max_views > 0 && share.views >= share.max_views;

/**
 * Why a counted read of this share was refused: `missing` without a row, else expired before
 * used up (a share both expired and used up is expired), and `view_limit` otherwise — the
 * only condition left of the UPDATE's.
 */
export function refusalOf(share: ShareState | undefined, now: string): 'missing' | GoneReason {
  if (!share) return 'missing';
  return isExpired(share, now) ? 'expired' : 'view_limit';
}

/**
 * The read gate before any content: 410 when the share has expired, or when its views are
 * used up and `covered` (asked only once the expiry passed, whatever the count: a grant that
 * continues a counted view) does not say otherwise.
 */
export function assertShareOpen(
  noun: ShareNoun,
  share: ShareState,
  now: string,
  covered: () => boolean = () => false,
): void {
  if (isExpired(share, now)) throw goneError(noun, 'expired');
  const granted = covered();
  if (isUsedUp(share) && !granted) throw goneError(noun, 'view_limit');
}

/** The counted read's values, or the error its refusal is: 404 when missing, else 410. */
export function countedOrThrow<T>(noun: ShareNoun, slug: string, read: CountedRead<T>): T {
  if (read.outcome === 'ok') return read;
  if (read.outcome === 'missing') throw shareNotFound(noun, slug);
  throw goneError(noun, read.outcome);
}

import type { PasteGoneReason } from '@pasteport/contract';
import { isApiError } from '../../../lib/api';

/** Why a paste cannot be shown, each with its own wording and way out. */
export type PasteProblem = 'notFound' | 'expired' | 'viewLimit' | 'gone' | 'network' | 'other';

/** The 410's machine-readable reason (contract PASTE_GONE_REASONS, in details[0].rule). */
const GONE_REASONS: Record<PasteGoneReason, PasteProblem> = {
  expired: 'expired',
  view_limit: 'viewLimit',
};

/** Classifies what opening (or unlocking) a paste failed with. */
export function pasteProblemOf(error: unknown): PasteProblem {
  if (!isApiError(error)) return 'other';
  if (error.kind === 'network' || error.kind === 'timeout') return 'network';
  if (error.code === 'NOT_FOUND' || (error.status === 404 && error.code === undefined)) {
    return 'notFound';
  }
  if (error.code === 'GONE' || error.status === 410) {
    const rule = error.details?.find((issue) => issue.field === 'paste')?.rule;
    return (rule && GONE_REASONS[rule as PasteGoneReason]) || 'gone';
  }
  return 'other';
}

/** True for the problems that end the visit: asking again will not bring the paste back. */
export function isFinalProblem(problem: PasteProblem): boolean {
  return problem !== 'network' && problem !== 'other';
}

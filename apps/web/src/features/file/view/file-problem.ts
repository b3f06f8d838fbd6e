import type { FileGoneReason } from '@pasteport/contract';
import { isApiError } from '../../../lib/api';

/** Why a file cannot be shown, each with its own wording and way out. */
export type FileProblem =
  'notFound' | 'expired' | 'viewLimit' | 'sourceRemoved' | 'gone' | 'network' | 'other';

/** The 410's machine-readable reason (contract FILE_GONE_REASONS, in details[0].rule). */
const GONE_REASONS: Record<FileGoneReason, FileProblem> = {
  expired: 'expired',
  view_limit: 'viewLimit',
  source_removed: 'sourceRemoved',
};

/** Classifies what opening (or unlocking) a file failed with. */
export function fileProblemOf(error: unknown): FileProblem {
  if (!isApiError(error)) return 'other';
  if (error.kind === 'network' || error.kind === 'timeout') return 'network';
  if (error.code === 'NOT_FOUND' || (error.status === 404 && error.code === undefined)) {
    return 'notFound';
  }
  if (error.code === 'GONE' || error.status === 410) {
    const rule =
      error.details?.find((issue) => issue.field === 'file')?.rule ?? error.details?.[0]?.rule;
    return rule !== undefined && Object.hasOwn(GONE_REASONS, rule)
      ? GONE_REASONS[rule as FileGoneReason]
      : 'gone';
  }
  return 'other';
}

/** True for the problems that end the visit: asking again will not bring the file back. */
export function isFinalProblem(problem: FileProblem): boolean {
  return problem !== 'network' && problem !== 'other';
}

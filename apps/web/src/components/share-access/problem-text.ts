import type { TFunction } from 'i18next';
import { describeApiError } from '../../lib/api';
import type { LocalePrefixWith } from '../share-options/locale-prefix';

/**
 * Why a shared paste or file cannot be shown, each with its own wording and way out.
 * `sourceRemoved` is a file's alone: a share of a mount's file whose object went away there.
 */
export type ShareProblem =
  'notFound' | 'expired' | 'viewLimit' | 'sourceRemoved' | 'gone' | 'network' | 'other';

interface Worded {
  title: string;
  description: string;
}
interface Hinted {
  title: string;
  hint: string;
}

/** The texts a problem view reads under its key prefix (e.g. 'file.problem'). */
export interface ProblemTexts {
  notFound: Worded;
  expired: Worded;
  viewLimit: Worded;
  /** A share of a mount's file whose object went away there (pastes keep the text unused). */
  sourceRemoved: Worded;
  gone: Worded;
  network: Hinted;
  other: Hinted;
}

/** Problems where asking again may help (the request failed, not the share). */
export function isRetryable(problem: ShareProblem): boolean {
  return problem === 'network' || problem === 'other';
}

/** The problems we can word ourselves; for the others, what the request ran into and a hint. */
export function describeProblem(
  problem: ShareProblem,
  error: unknown,
  keyPrefix: LocalePrefixWith<ProblemTexts>,
  t: TFunction,
): string {
  switch (problem) {
    case 'network':
    case 'other':
      return `${describeApiError(error, t)} ${t(`${keyPrefix}.${problem}.hint`)}`;
    default:
      return t(`${keyPrefix}.${problem}.description`);
  }
}

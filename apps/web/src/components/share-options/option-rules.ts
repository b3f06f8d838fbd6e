import { PASTE_MAX_VIEWS_LIMIT, slugProblem, type SlugProblem } from '@pasteport/contract/plain';
import {
  EXPIRY_UNITS,
  expiryAmountProblem,
  NEVER_EXPIRES,
  QUICK_EXPIRY_CHOICES,
  type ExpiryChoice,
  type ExpiryUnit,
} from '../../lib/expiry';

/** A chip of the expiry picker: a quick choice ("7-days"), 'never' or 'custom'. */
export type ExpiryPreset = string;

/** The chip value of a choice: 'never' or '{amount}-{unit}'. */
export function presetOf(choice: ExpiryChoice): ExpiryPreset {
  return choice.kind === 'never' ? 'never' : `${choice.amount}-${choice.unit}`;
}

/** The chips of the SPEC §5 quick choices, in their order; each form places never and custom. */
export const QUICK_EXPIRY_PRESETS: readonly ExpiryPreset[] = QUICK_EXPIRY_CHOICES.map(presetOf);

/**
 * The share options a new paste or upload is sent with, as the form edits them; numbers stay
 * text until sharing.
 */
export interface ShareOptionValues {
  slug: string;
  remark: string;
  password: string;
  expiry: ExpiryPreset;
  customAmount: string;
  customUnit: ExpiryUnit;
  /** Text of a whole number ≥ 0; 0 (or blank) is unlimited. */
  maxViews: string;
}

/** Share options that can carry an error. */
export type ShareOptionField = 'slug' | 'remark' | 'password' | 'expiry' | 'maxViews';

/** What can be wrong with a share option; each form has a message for every one. */
export type OptionProblem =
  | Exclude<SlugProblem, 'empty'>
  | 'amountRequired'
  | 'not-whole'
  | 'too-small'
  | 'too-large'
  | 'maxViewsInvalid';

/** The expiry the options describe, or the problem with the custom amount. */
export function expiryChoiceOf(
  options: Pick<ShareOptionValues, 'expiry' | 'customAmount' | 'customUnit'>,
): ExpiryChoice | OptionProblem {
  if (options.expiry === 'never') return NEVER_EXPIRES;
  if (options.expiry === 'custom') {
    if (options.customAmount.trim() === '') return 'amountRequired';
    const amount = Number(options.customAmount);
    const problem = expiryAmountProblem(amount, options.customUnit);
    return problem ?? { kind: 'after', amount, unit: options.customUnit };
  }
  const quick = QUICK_EXPIRY_CHOICES.find((choice) => presetOf(choice) === options.expiry);
  return quick ?? NEVER_EXPIRES;
}

/** The view limit typed (blank is 0, unlimited), or undefined when not a whole number in range. */
export function maxViewsOf(options: Pick<ShareOptionValues, 'maxViews'>): number | undefined {
  const text = options.maxViews.trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= PASTE_MAX_VIEWS_LIMIT
    ? value
    : undefined;
}

/** Every problem of the share options, shown while typing. A blank slug means a random one. */
export function shareOptionProblems(
  options: ShareOptionValues,
): Partial<Record<ShareOptionField, OptionProblem>> {
  const problems: Partial<Record<ShareOptionField, OptionProblem>> = {};
  const slug = options.slug.trim();
  const slugIssue = slug === '' ? null : slugProblem(slug);
  if (slugIssue && slugIssue !== 'empty') problems.slug = slugIssue;
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') problems.expiry = expiry;
  if (maxViewsOf(options) === undefined) problems.maxViews = 'maxViewsInvalid';
  return problems;
}

/**
 * The valid options' expiry and the text fields that are sent only when given (SPEC §5):
 * slug and remark trimmed, the password as typed (spaces may be part of it).
 */
export function requestPartsOf(options: ShareOptionValues): {
  expiry: ExpiryChoice;
  given: { slug?: string; remark?: string; password?: string };
} {
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') throw new Error(`invalid expiry: ${expiry}`);
  const slug = options.slug.trim();
  const remark = options.remark.trim();
  return {
    expiry,
    given: {
      ...(slug ? { slug } : {}),
      ...(remark ? { remark } : {}),
      ...(options.password ? { password: options.password } : {}),
    },
  };
}

/** Whether a value read back (a select, storage) is one of the expiry units. */
export function isExpiryUnit(value: unknown): value is ExpiryUnit {
  return typeof value === 'string' && (EXPIRY_UNITS as readonly string[]).includes(value);
}

import {
  PASTE_MAX_VIEWS_LIMIT,
  SLUG_MAX_LENGTH,
  slugProblem,
  type SlugProblem,
} from '@pasteport/contract/plain';
import {
  EXPIRY_AMOUNT_MAX,
  expiryAmountProblem,
  QUICK_EXPIRY_CHOICES,
  type ExpiryChoice,
  type ExpiryUnit,
} from '../../lib/expiry';
import type { ShareLimits } from './share-limits';

/** A quick expiry choice in the form, by its index in QUICK_EXPIRY_CHOICES. */
export type QuickExpiry = `quick-${number}`;

/** The expiry picked: keep the current one, never, a quick choice, or N units. */
export type ExpirySelection = 'keep' | 'never' | 'custom' | QuickExpiry;

/** The password action (SPEC: keep / set new / remove); remove sends `password: null`. */
export type PasswordMode = 'keep' | 'set' | 'remove';

/**
 * The share settings an edit form edits, whatever is shared (paste or file); numbers stay as
 * typed until sent so typing is never fought.
 */
export interface ShareEditValues {
  slug: string;
  remark: string;
  expiry: ExpirySelection;
  customAmount: string | number;
  customUnit: ExpiryUnit;
  maxViews: string | number;
  passwordMode: PasswordMode;
  password: string;
}

/** Share settings that can carry an error (the custom amount stands for the whole expiry). */
export type ShareEditField = 'slug' | 'remark' | 'expiry' | 'maxViews' | 'password';

/** What can be wrong with a share setting; each form has a message for every one. */
export type ShareEditProblem =
  | `slug_${SlugProblem}`
  | 'remarkTooLong'
  | 'amountRequired'
  | 'amountNotWhole'
  | 'amountTooSmall'
  | 'amountTooLarge'
  | 'maxViewsInvalid'
  | 'passwordRequired'
  | 'passwordTooLong';

/** The share settings of a loaded paste or file, as the management endpoints read them. */
export interface LoadedShare {
  slug: string;
  remark: string | null;
  max_views: number;
}

/** The PUT fields of changed share settings, named as both update requests name them. */
export interface ShareUpdate {
  slug?: string;
  remark?: string | null;
  max_views?: number;
  password?: string | null;
}

const QUIET_PROBLEMS: ReadonlySet<string> = new Set<ShareEditProblem>([
  'amountRequired',
  'passwordRequired',
]);

/**
 * Problems that only say "fill this in": not shown as errors while the field that just
 * appeared (custom amount, new password) is still empty.
 */
export function isQuietProblem(problem: string): boolean {
  return QUIET_PROBLEMS.has(problem);
}

/** The option value of the i-th quick expiry choice. */
export const quickExpiry = (index: number): QuickExpiry => `quick-${index}`;

/** The settings of a loaded share: everything as it is, expiry and password kept. */
export function shareValuesOf(share: LoadedShare): ShareEditValues {
  return {
    slug: share.slug,
    remark: share.remark ?? '',
    expiry: 'keep',
    customAmount: '',
    customUnit: 'days',
    maxViews: share.max_views,
    passwordMode: 'keep',
    password: '',
  };
}

/** The typed max views as a number, or undefined when it is not a whole number in range. */
export function parseMaxViews(raw: string | number): number | undefined {
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > PASTE_MAX_VIEWS_LIMIT) return undefined;
  return value;
}

function amountProblem(values: ShareEditValues): ShareEditProblem | undefined {
  const raw = values.customAmount;
  if (typeof raw === 'string' && raw.trim() === '') return 'amountRequired';
  const problem = expiryAmountProblem(Number(raw), values.customUnit);
  if (problem === 'not-whole') return 'amountNotWhole';
  if (problem === 'too-small') return 'amountTooSmall';
  if (problem === 'too-large') return 'amountTooLarge';
  return undefined;
}

/** Every problem of the share settings, checked with the contract's own rules and limits. */
export function shareEditProblems(
  values: ShareEditValues,
  limits: ShareLimits,
): Partial<Record<ShareEditField, ShareEditProblem>> {
  const problems: Partial<Record<ShareEditField, ShareEditProblem>> = {};
  const slug = slugProblem(values.slug);
  if (slug) problems.slug = `slug_${slug}`;
  if (values.remark.length > limits.remarkMax) problems.remark = 'remarkTooLong';
  if (values.expiry === 'custom') {
    const problem = amountProblem(values);
    if (problem) problems.expiry = problem;
  }
  if (parseMaxViews(values.maxViews) === undefined) problems.maxViews = 'maxViewsInvalid';
  if (values.passwordMode === 'set') {
    if (values.password === '') problems.password = 'passwordRequired';
    else if (values.password.length > limits.passwordMax) problems.password = 'passwordTooLong';
  }
  return problems;
}

/** The limit a "too long / too large" message of a share setting names, if it names one. */
export function shareProblemLimit(
  problem: string,
  values: ShareEditValues,
  limits: ShareLimits,
): number | undefined {
  const named: Partial<Record<ShareEditProblem, number>> = {
    slug_too_long: SLUG_MAX_LENGTH,
    remarkTooLong: limits.remarkMax,
    amountTooLarge: EXPIRY_AMOUNT_MAX[values.customUnit],
    maxViewsInvalid: PASTE_MAX_VIEWS_LIMIT,
    passwordTooLong: limits.passwordMax,
  };
  return named[problem as ShareEditProblem];
}

/** A remark of only spaces is no remark. */
const remarkOf = (remark: string) => (remark.trim() === '' ? null : remark);

/** The share settings the user changed from the loaded share. */
export function changedShareFields(values: ShareEditValues, share: LoadedShare): ShareEditField[] {
  const changed: ShareEditField[] = [];
  if (values.slug !== share.slug) changed.push('slug');
  if (remarkOf(values.remark) !== share.remark) changed.push('remark');
  if (values.expiry !== 'keep') changed.push('expiry');
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === undefined || maxViews !== share.max_views) changed.push('maxViews');
  if (values.passwordMode !== 'keep') changed.push('password');
  return changed;
}

/** The expiry choice a selection stands for; undefined for 'keep'. */
export function expiryChoiceOf(values: ShareEditValues): ExpiryChoice | undefined {
  if (values.expiry === 'keep') return undefined;
  if (values.expiry === 'never') return { kind: 'never' };
  if (values.expiry === 'custom') {
    return { kind: 'after', amount: Number(values.customAmount), unit: values.customUnit };
  }
  const choice = QUICK_EXPIRY_CHOICES[Number(values.expiry.slice('quick-'.length))];
  if (!choice) throw new Error(`unknown expiry choice ${values.expiry}`);
  return choice;
}

/**
 * The PUT fields of the share settings changed from `share`. The expiry goes as `encodeExpiry` says (pastes
 * send an instant, files hours); `password: null` removes the password.
 */
export function shareUpdateOf<Expiry extends object>(
  values: ShareEditValues,
  share: LoadedShare,
  encodeExpiry: (choice: ExpiryChoice) => Expiry,
): ShareUpdate & Partial<Expiry> {
  const changed = changedShareFields(values, share);
  const update: ShareUpdate & Partial<Expiry> = {};
  if (changed.includes('slug')) update.slug = values.slug;
  if (changed.includes('remark')) update.remark = remarkOf(values.remark);
  const expiry = expiryChoiceOf(values);
  if (expiry) Object.assign(update, encodeExpiry(expiry));
  if (changed.includes('maxViews')) update.max_views = parseMaxViews(values.maxViews);
  if (changed.includes('password')) {
    update.password = values.passwordMode === 'set' ? values.password : null;
  }
  return update;
}

/** Which share setting a server `details[].field` names (the expiry's name differs by kind). */
export const SHARE_SERVER_FIELDS: Readonly<Record<string, ShareEditField>> = {
  slug: 'slug',
  remark: 'remark',
  max_views: 'maxViews',
  password: 'password',
};

import {
  PASTE_MAX_VIEWS_LIMIT,
  slugProblem,
  type CreatePasteRequest,
  type SlugProblem,
} from '@pasteport/contract';
import {
  EXPIRY_UNITS,
  expiryAmountProblem,
  expiryInstant,
  NEVER_EXPIRES,
  QUICK_EXPIRY_CHOICES,
  type ExpiryChoice,
  type ExpiryUnit,
} from '../../lib/expiry';

/** A chip of the expiry picker: a quick choice ("7-days"), never, or a custom amount. */
export type ExpiryPreset = string;

/** The chip value of a choice: 'never' or '{amount}-{unit}'. */
export function presetOf(choice: ExpiryChoice): ExpiryPreset {
  return choice.kind === 'never' ? 'never' : `${choice.amount}-${choice.unit}`;
}

/** The chips in order: the SPEC §5 quick choices, never, then custom. */
export const EXPIRY_PRESETS: readonly ExpiryPreset[] = [
  ...QUICK_EXPIRY_CHOICES.map(presetOf),
  'never',
  'custom',
];

/** The share options as the form edits them; numbers stay text until sharing. */
export interface ShareOptions {
  slug: string;
  remark: string;
  password: string;
  expiry: ExpiryPreset;
  customAmount: string;
  customUnit: ExpiryUnit;
  /** Text of a whole number ≥ 0; 0 (or blank) is unlimited. */
  maxViews: string;
}

/** A clipboard lasts a week unless the user says otherwise. */
export const DEFAULT_OPTIONS: ShareOptions = {
  slug: '',
  remark: '',
  password: '',
  expiry: '7-days',
  customAmount: '',
  customUnit: 'days',
  maxViews: '0',
};

/** Options fields that can carry an error. */
export type ShareField = 'slug' | 'remark' | 'password' | 'expiry' | 'maxViews';

/** What can be wrong with each field; every problem has a message under home.problems. */
export type OptionProblem =
  | Exclude<SlugProblem, 'empty'>
  | 'amountRequired'
  | 'not-whole'
  | 'too-small'
  | 'too-large'
  | 'maxViewsInvalid';

export type OptionProblems = Partial<Record<ShareField, OptionProblem>>;

/** The expiry the options describe, or the problem with the custom amount. */
export function expiryChoiceOf(options: ShareOptions): ExpiryChoice | OptionProblem {
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

/** The view limit typed, or undefined when it is not a whole number in range. */
export function maxViewsOf(options: ShareOptions): number | undefined {
  const text = options.maxViews.trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= PASTE_MAX_VIEWS_LIMIT
    ? value
    : undefined;
}

/** Every problem of the options (live: shown while typing). A blank slug means a random one. */
export function optionProblems(options: ShareOptions): OptionProblems {
  const problems: OptionProblems = {};
  const slug = options.slug.trim();
  const slugIssue = slug === '' ? null : slugProblem(slug);
  if (slugIssue && slugIssue !== 'empty') problems.slug = slugIssue;
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') problems.expiry = expiry;
  if (maxViewsOf(options) === undefined) problems.maxViews = 'maxViewsInvalid';
  return problems;
}

/** The POST /paste body of valid options; empty optional fields are not sent. */
export function toCreateRequest(
  content: string,
  options: ShareOptions,
  now: Date,
): CreatePasteRequest {
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') throw new Error(`invalid expiry: ${expiry}`);
  const slug = options.slug.trim();
  const remark = options.remark.trim();
  return {
    content,
    ...(slug ? { slug } : {}),
    ...(remark ? { remark } : {}),
    ...(options.password ? { password: options.password } : {}),
    expires_at: expiryInstant(expiry, now),
    max_views: maxViewsOf(options) ?? 0,
  };
}

/** Which options field a server `details[].field` names. */
export const SERVER_FIELD_TO_OPTION: Record<string, ShareField> = {
  slug: 'slug',
  remark: 'remark',
  password: 'password',
  expires_at: 'expiry',
  max_views: 'maxViews',
};

/** Fields inside the collapsed "more options" part (expiry is always visible). */
export const ADVANCED_FIELDS: readonly ShareField[] = ['slug', 'password', 'maxViews', 'remark'];

/** Whether the advanced part holds anything besides the defaults (then it starts open). */
export function hasAdvancedValues(options: ShareOptions): boolean {
  return (
    options.slug !== '' ||
    options.remark !== '' ||
    options.password !== '' ||
    (maxViewsOf(options) ?? 1) !== 0
  );
}

function isExpiryUnit(value: unknown): value is ExpiryUnit {
  return typeof value === 'string' && (EXPIRY_UNITS as readonly string[]).includes(value);
}

/** Options read back from storage: unknown or malformed fields fall back to the defaults. */
export function sanitizeOptions(stored: unknown): ShareOptions {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_OPTIONS;
  const record = stored as Record<string, unknown>;
  const text = (key: keyof ShareOptions) =>
    typeof record[key] === 'string' ? record[key] : DEFAULT_OPTIONS[key];
  const expiry = text('expiry');
  return {
    slug: text('slug'),
    remark: text('remark'),
    // Never stored; never restored.
    password: '',
    expiry: EXPIRY_PRESETS.includes(expiry) ? expiry : DEFAULT_OPTIONS.expiry,
    customAmount: text('customAmount'),
    customUnit: isExpiryUnit(record.customUnit) ? record.customUnit : DEFAULT_OPTIONS.customUnit,
    maxViews: text('maxViews'),
  };
}

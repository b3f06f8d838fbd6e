import {
  FILE_EXPIRES_IN_MAX_HOURS,
  fileMimetype,
  PASTE_MAX_VIEWS_LIMIT,
  slugProblem,
  type DirectUploadFields,
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

/** A chip of the expiry picker: a quick choice ("7-days"), 'never' or 'custom'. */
export type ExpiryPreset = string;

/** The chip value of a choice: 'never' or '{amount}-{unit}'. */
export function presetOf(choice: ExpiryChoice): ExpiryPreset {
  return choice.kind === 'never' ? 'never' : `${choice.amount}-${choice.unit}`;
}

/** The chips in order: never first (files are kept unless told otherwise), quick choices, custom. */
export const EXPIRY_PRESETS: readonly ExpiryPreset[] = [
  'never',
  ...QUICK_EXPIRY_CHOICES.map(presetOf),
  'custom',
];

/** The upload options as the form edits them; numbers stay text until a file starts. */
export interface UploadOptions {
  /** The chosen storage config id; '' lets the server use its default. */
  storageConfigId: string;
  slug: string;
  remark: string;
  password: string;
  expiry: ExpiryPreset;
  customAmount: string;
  customUnit: ExpiryUnit;
  /** Text of a whole number ≥ 0; 0 (or blank) is unlimited. */
  maxViews: string;
  /** A folder inside the storage, e.g. `reports/2026`. */
  path: string;
}

export const DEFAULT_UPLOAD_OPTIONS: UploadOptions = {
  storageConfigId: '',
  slug: '',
  remark: '',
  password: '',
  expiry: 'never',
  customAmount: '',
  customUnit: 'days',
  maxViews: '0',
  path: '',
};

/** Option fields that can carry an error. */
export type OptionField = 'slug' | 'remark' | 'password' | 'expiry' | 'maxViews' | 'path';

/** What can be wrong with a field; each has a message under upload.problems. */
export type OptionProblem =
  | Exclude<SlugProblem, 'empty'>
  | 'amountRequired'
  | 'not-whole'
  | 'too-small'
  | 'too-large'
  | 'maxViewsInvalid';

export type OptionProblems = Partial<Record<OptionField, OptionProblem>>;

/** The expiry the options describe, or the problem with the custom amount. */
export function expiryChoiceOf(options: UploadOptions): ExpiryChoice | OptionProblem {
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

const HOUR_MS = 3_600_000;
const UNIT_HOURS: Record<Exclude<ExpiryUnit, 'months'>, number> = {
  hours: 1,
  days: 24,
  weeks: 24 * 7,
};

/**
 * `expires_in` in whole hours (SPEC §3: files take a duration, not an instant); null for
 * never. Calendar months are measured from `now` and rounded up, so a month is never short.
 */
export function expiresInHours(choice: ExpiryChoice, now: Date): number | null {
  if (choice.kind === 'never') return null;
  if (choice.unit !== 'months') return choice.amount * UNIT_HOURS[choice.unit];
  const until = Date.parse(expiryInstant(choice, now) ?? '');
  const hours = Math.ceil((until - now.getTime()) / HOUR_MS);
  return Math.min(hours, FILE_EXPIRES_IN_MAX_HOURS);
}

/** The view limit typed, or undefined when it is not a whole number in range. */
export function maxViewsOf(options: UploadOptions): number | undefined {
  const text = options.maxViews.trim();
  if (text === '') return 0;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= PASTE_MAX_VIEWS_LIMIT
    ? value
    : undefined;
}

/** Every problem of the options, shown while typing. A blank slug means a random one. */
export function optionProblems(options: UploadOptions): OptionProblems {
  const problems: OptionProblems = {};
  const slug = options.slug.trim();
  const slugIssue = slug === '' ? null : slugProblem(slug);
  if (slugIssue && slugIssue !== 'empty') problems.slug = slugIssue;
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') problems.expiry = expiry;
  if (maxViewsOf(options) === undefined) problems.maxViews = 'maxViewsInvalid';
  return problems;
}

/** Share and target fields every upload mode sends (everything but the file and its type). */
export type ShareFields = Omit<DirectUploadFields, 'mimetype'>;

/**
 * The fields of valid options, each only when present (SPEC §5): no blank text, no "never"
 * expiry, no unlimited view limit. `withSlug` is false for files after the first of a batch,
 * since one link suffix can name only one file.
 */
export function toShareFields(options: UploadOptions, now: Date, withSlug = true): ShareFields {
  const expiry = expiryChoiceOf(options);
  if (typeof expiry === 'string') throw new Error(`invalid expiry: ${expiry}`);
  const slug = options.slug.trim();
  const remark = options.remark.trim();
  const path = options.path.trim();
  const hours = expiresInHours(expiry, now);
  const maxViews = maxViewsOf(options) ?? 0;
  return {
    ...(options.storageConfigId ? { s3_config_id: options.storageConfigId } : {}),
    ...(path ? { path } : {}),
    ...(slug && withSlug ? { slug } : {}),
    ...(remark ? { remark } : {}),
    ...(options.password ? { password: options.password } : {}),
    ...(hours !== null ? { expires_in: hours } : {}),
    ...(maxViews > 0 ? { max_views: maxViews } : {}),
  };
}

/** The stored type of a file (SPEC §5: Markdown by extension, else its own type). */
export function mimetypeOf(file: Pick<File, 'name' | 'type'>): string {
  return fileMimetype(file.name, file.type);
}

/** Which option field a server `details[].field` names. */
export const SERVER_FIELD_TO_OPTION: Record<string, OptionField> = {
  slug: 'slug',
  remark: 'remark',
  password: 'password',
  expires_in: 'expiry',
  max_views: 'maxViews',
  path: 'path',
};

/** Fields inside the collapsed "more options" part. */
export const ADVANCED_FIELDS: readonly OptionField[] = [
  'slug',
  'password',
  'maxViews',
  'remark',
  'path',
];

export function isExpiryUnit(value: unknown): value is ExpiryUnit {
  return typeof value === 'string' && (EXPIRY_UNITS as readonly string[]).includes(value);
}

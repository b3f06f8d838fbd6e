import {
  FILE_EXPIRES_IN_MAX_HOURS,
  FILE_PASSWORD_MAX,
  FILE_REMARK_MAX,
  FILENAME_MAX,
  PASTE_MAX_VIEWS_LIMIT,
  slugProblem,
  updateFileRequestSchema,
  type FileDetail,
  type SlugProblem,
  type UpdateFileRequest,
} from '@pasteport/contract';
import {
  expiryAmountProblem,
  expiryInstant,
  QUICK_EXPIRY_CHOICES,
  type ExpiryChoice,
  type ExpiryUnit,
} from '../../../lib/expiry';

/** A quick expiry choice in the form, by its index in QUICK_EXPIRY_CHOICES. */
export type QuickExpiry = `quick-${number}`;
/** The expiry picked: keep the current one, never, a quick choice, or N units. */
export type ExpirySelection = 'keep' | 'never' | 'custom' | QuickExpiry;
/** The password action: keep, set a new one, or remove it (`password: null`). */
export type PasswordMode = 'keep' | 'set' | 'remove';

/** The fields of a file the form edits, as the management endpoint reads them. */
export type EditableFile = Pick<
  FileDetail,
  'filename' | 'slug' | 'remark' | 'has_password' | 'expires_at' | 'max_views' | 'views'
>;

/** What the edit dialog edits; numbers stay as typed until sent so typing is never fought. */
export interface FileFormValues {
  filename: string;
  slug: string;
  remark: string;
  expiry: ExpirySelection;
  customAmount: string | number;
  customUnit: ExpiryUnit;
  maxViews: string | number;
  passwordMode: PasswordMode;
  password: string;
}

/** Fields that can carry an error (the custom amount stands for the whole expiry). */
export type FileFormField = 'filename' | 'slug' | 'remark' | 'expiry' | 'maxViews' | 'password';

/** Each problem has a message under file.edit.errors. */
export type FileFormProblem =
  | 'filenameEmpty'
  | 'filenameTooLong'
  | 'filenameCharacters'
  | `slug_${SlugProblem}`
  | 'remarkTooLong'
  | 'amountRequired'
  | 'amountNotWhole'
  | 'amountTooSmall'
  | 'amountTooLarge'
  | 'maxViewsInvalid'
  | 'passwordRequired'
  | 'passwordTooLong';

/** Problems by field; empty when the form may be sent. */
export type FileFormProblems = Partial<Record<FileFormField, FileFormProblem>>;

/** Problems that only say "fill this in": not shown as errors while the new field is empty. */
export const QUIET_PROBLEMS: ReadonlySet<FileFormProblem> = new Set([
  'amountRequired',
  'passwordRequired',
]);

/** The option value of the i-th quick expiry choice. */
export const quickExpiry = (index: number): QuickExpiry => `quick-${index}`;

/** The form of an existing file: everything as it is, expiry and password kept. */
export function valuesFromFile(file: EditableFile): FileFormValues {
  return {
    filename: file.filename,
    slug: file.slug,
    remark: file.remark ?? '',
    expiry: 'keep',
    customAmount: '',
    customUnit: 'days',
    maxViews: file.max_views,
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

function filenameProblem(raw: string): FileFormProblem | undefined {
  const filename = raw.trim();
  if (filename === '') return 'filenameEmpty';
  if (filename.length > FILENAME_MAX) return 'filenameTooLong';
  // The contract's own rule (no slashes, no control characters, not . or ..).
  if (!updateFileRequestSchema.safeParse({ filename }).success) return 'filenameCharacters';
  return undefined;
}

function amountProblem(values: FileFormValues): FileFormProblem | undefined {
  const raw = values.customAmount;
  if (typeof raw === 'string' && raw.trim() === '') return 'amountRequired';
  const problem = expiryAmountProblem(Number(raw), values.customUnit);
  if (problem === 'not-whole') return 'amountNotWhole';
  if (problem === 'too-small') return 'amountTooSmall';
  if (problem === 'too-large') return 'amountTooLarge';
  return undefined;
}

/** Every problem of the form, checked with the contract's own rules (names, slugs, limits). */
export function validateFileForm(values: FileFormValues): FileFormProblems {
  const problems: FileFormProblems = {};
  const filename = filenameProblem(values.filename);
  if (filename) problems.filename = filename;
  const slug = slugProblem(values.slug);
  if (slug) problems.slug = `slug_${slug}`;
  if (values.remark.length > FILE_REMARK_MAX) problems.remark = 'remarkTooLong';
  if (values.expiry === 'custom') {
    const problem = amountProblem(values);
    if (problem) problems.expiry = problem;
  }
  if (parseMaxViews(values.maxViews) === undefined) problems.maxViews = 'maxViewsInvalid';
  if (values.passwordMode === 'set') {
    if (values.password === '') problems.password = 'passwordRequired';
    else if (values.password.length > FILE_PASSWORD_MAX) problems.password = 'passwordTooLong';
  }
  return problems;
}

/** A remark of only spaces is no remark. */
const remarkOf = (remark: string) => (remark.trim() === '' ? null : remark);

/** The fields the user changed from the loaded file; an empty list leaves Save disabled. */
export function changedFields(values: FileFormValues, file: EditableFile): FileFormField[] {
  const changed: FileFormField[] = [];
  if (values.filename.trim() !== file.filename) changed.push('filename');
  if (values.slug !== file.slug) changed.push('slug');
  if (remarkOf(values.remark) !== file.remark) changed.push('remark');
  if (values.expiry !== 'keep') changed.push('expiry');
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === undefined || maxViews !== file.max_views) changed.push('maxViews');
  if (values.passwordMode !== 'keep') changed.push('password');
  return changed;
}

/** The expiry choice a selection stands for; undefined for 'keep'. */
export function expiryChoiceOf(values: FileFormValues): ExpiryChoice | undefined {
  if (values.expiry === 'keep') return undefined;
  if (values.expiry === 'never') return { kind: 'never' };
  if (values.expiry === 'custom') {
    return { kind: 'after', amount: Number(values.customAmount), unit: values.customUnit };
  }
  const choice = QUICK_EXPIRY_CHOICES[Number(values.expiry.slice('quick-'.length))];
  if (!choice) throw new Error(`unknown expiry choice ${values.expiry}`);
  return choice;
}

const HOUR_MS = 3_600_000;

/**
 * A choice as the file API's `expires_in`: whole hours from now, 0 for never. Months are
 * calendar months (lib/expiry), rounded up to the hour so the file never expires early.
 */
export function expiresInHours(choice: ExpiryChoice, now: Date): number {
  const instant = expiryInstant(choice, now);
  if (instant === null) return 0;
  const hours = Math.ceil((Date.parse(instant) - now.getTime()) / HOUR_MS);
  return Math.min(FILE_EXPIRES_IN_MAX_HOURS, Math.max(1, hours));
}

/**
 * The PUT body of a valid form: only what changed (UpdateFileRequest is partial), so a save
 * never rewrites what another edit changed meanwhile. `password: null` removes the password.
 */
export function toUpdateRequest(
  values: FileFormValues,
  file: EditableFile,
  now: Date,
): UpdateFileRequest {
  const request: UpdateFileRequest = {};
  for (const field of changedFields(values, file)) {
    if (field === 'filename') request.filename = values.filename.trim();
    if (field === 'slug') request.slug = values.slug;
    if (field === 'remark') request.remark = remarkOf(values.remark);
    if (field === 'expiry') {
      const choice = expiryChoiceOf(values);
      if (choice) request.expires_in = expiresInHours(choice, now);
    }
    if (field === 'maxViews') request.max_views = parseMaxViews(values.maxViews);
    if (field === 'password') {
      request.password = values.passwordMode === 'set' ? values.password : null;
    }
  }
  return request;
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, FileFormField> = {
  filename: 'filename',
  slug: 'slug',
  remark: 'remark',
  expires_in: 'expiry',
  max_views: 'maxViews',
  password: 'password',
};

import {
  EDITOR_CONTENT_MAX_BYTES,
  PASTE_MAX_VIEWS_LIMIT,
  PASTE_PASSWORD_MAX,
  PASTE_REMARK_MAX,
  slugProblem,
  type PasteDetail,
  type SlugProblem,
  type UpdatePasteRequest,
} from '@pasteport/contract';
import {
  expiryAmountProblem,
  expiryInstant,
  QUICK_EXPIRY_CHOICES,
  type ExpiryChoice,
  type ExpiryUnit,
} from '../../lib/expiry';

/** A quick expiry choice in the form, by its index in QUICK_EXPIRY_CHOICES. */
export type QuickExpiry = `quick-${number}`;

/** The expiry picked: keep the current one, never, a quick choice, or N units. */
export type ExpirySelection = 'keep' | 'never' | 'custom' | QuickExpiry;

/** The password action (SPEC: keep / set new / remove); remove sends `password: null`. */
export type PasswordMode = 'keep' | 'set' | 'remove';

/** What the edit dialog edits; numbers stay as typed until sent so typing is never fought. */
export interface PasteFormValues {
  content: string;
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
export type PasteFormField = 'content' | 'slug' | 'remark' | 'expiry' | 'maxViews' | 'password';

/** Each problem has a message under textManagement.form.errors. */
export type PasteFormProblem =
  | 'contentEmpty'
  | 'contentTooLarge'
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
export type PasteFormProblems = Partial<Record<PasteFormField, PasteFormProblem>>;

/** Problems that only say "fill this in": not shown as errors while the new field is empty. */
export const QUIET_PROBLEMS: ReadonlySet<PasteFormProblem> = new Set([
  'amountRequired',
  'passwordRequired',
]);

/** The option value of the i-th quick expiry choice. */
export const quickExpiry = (index: number): QuickExpiry => `quick-${index}`;

/** The form of an existing paste: everything as it is, expiry and password kept. */
export function valuesFromPaste(paste: PasteDetail): PasteFormValues {
  return {
    content: paste.content,
    slug: paste.slug,
    remark: paste.remark ?? '',
    expiry: 'keep',
    customAmount: '',
    customUnit: 'days',
    maxViews: paste.max_views,
    passwordMode: 'keep',
    password: '',
  };
}

const utf8 = new TextEncoder();

/** The typed max views as a number, or undefined when it is not a whole number ≥ 0. */
export function parseMaxViews(raw: string | number): number | undefined {
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > PASTE_MAX_VIEWS_LIMIT) return undefined;
  return value;
}

function amountProblem(values: PasteFormValues): PasteFormProblem | undefined {
  const raw = values.customAmount;
  if (typeof raw === 'string' && raw.trim() === '') return 'amountRequired';
  const problem = expiryAmountProblem(Number(raw), values.customUnit);
  if (problem === 'not-whole') return 'amountNotWhole';
  if (problem === 'too-small') return 'amountTooSmall';
  if (problem === 'too-large') return 'amountTooLarge';
  return undefined;
}

/** Every problem of the form, checked with the contract's own rules (slugs, limits). */
export function validatePasteForm(values: PasteFormValues): PasteFormProblems {
  const problems: PasteFormProblems = {};
  if (values.content.trim() === '') problems.content = 'contentEmpty';
  else if (utf8.encode(values.content).length > EDITOR_CONTENT_MAX_BYTES) {
    problems.content = 'contentTooLarge';
  }
  const slug = slugProblem(values.slug);
  if (slug) problems.slug = `slug_${slug}`;
  if (values.remark.length > PASTE_REMARK_MAX) problems.remark = 'remarkTooLong';
  if (values.expiry === 'custom') {
    const problem = amountProblem(values);
    if (problem) problems.expiry = problem;
  }
  if (parseMaxViews(values.maxViews) === undefined) problems.maxViews = 'maxViewsInvalid';
  if (values.passwordMode === 'set') {
    if (values.password === '') problems.password = 'passwordRequired';
    else if (values.password.length > PASTE_PASSWORD_MAX) problems.password = 'passwordTooLong';
  }
  return problems;
}

/** A remark of only spaces is no remark. */
const remarkOf = (remark: string) => (remark.trim() === '' ? null : remark);

/** The fields the user changed from the loaded paste; an empty list leaves Save disabled. */
export function changedFields(values: PasteFormValues, paste: PasteDetail): PasteFormField[] {
  const changed: PasteFormField[] = [];
  if (values.content !== paste.content) changed.push('content');
  if (values.slug !== paste.slug) changed.push('slug');
  if (remarkOf(values.remark) !== paste.remark) changed.push('remark');
  if (values.expiry !== 'keep') changed.push('expiry');
  const maxViews = parseMaxViews(values.maxViews);
  if (maxViews === undefined || maxViews !== paste.max_views) changed.push('maxViews');
  if (values.passwordMode !== 'keep') changed.push('password');
  return changed;
}

/** The expiry choice a selection stands for; undefined for 'keep'. */
export function expiryChoiceOf(values: PasteFormValues): ExpiryChoice | undefined {
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
 * The PUT body of a valid form: only what changed (UpdatePasteRequest is partial), so a save
 * never rewrites what another edit changed meanwhile. `password: null` removes the password.
 */
export function toUpdateRequest(
  values: PasteFormValues,
  paste: PasteDetail,
  now: Date,
): UpdatePasteRequest {
  const request: UpdatePasteRequest = {};
  for (const field of changedFields(values, paste)) {
    if (field === 'content') request.content = values.content;
    if (field === 'slug') request.slug = values.slug;
    if (field === 'remark') request.remark = remarkOf(values.remark);
    if (field === 'expiry') {
      const choice = expiryChoiceOf(values);
      if (choice) request.expires_at = expiryInstant(choice, now);
    }
    if (field === 'maxViews') request.max_views = parseMaxViews(values.maxViews);
    if (field === 'password') {
      request.password = values.passwordMode === 'set' ? values.password : null;
    }
  }
  return request;
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, PasteFormField> = {
  content: 'content',
  slug: 'slug',
  remark: 'remark',
  expires_at: 'expiry',
  max_views: 'maxViews',
  password: 'password',
};

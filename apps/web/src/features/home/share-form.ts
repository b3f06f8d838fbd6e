import type { CreatePasteRequest } from '@pasteport/contract';
import type {
  ExpiryPreset,
  OptionProblem,
  ShareOptionField,
  ShareOptionValues,
} from '../../components/share-options/option-rules';
import {
  isExpiryUnit,
  maxViewsOf,
  QUICK_EXPIRY_PRESETS,
  requestPartsOf,
} from '../../components/share-options/option-rules';
import { expiryInstant } from '../../lib/expiry';

export type { OptionProblem };
/** Every problem of the options (live: shown while typing). A blank slug means a random one. */
export { shareOptionProblems as optionProblems } from '../../components/share-options/option-rules';

/** The chips in order: the SPEC §5 quick choices, never, then custom. */
export const EXPIRY_PRESETS: readonly ExpiryPreset[] = [...QUICK_EXPIRY_PRESETS, 'never', 'custom'];

/** The share options as the form edits them; numbers stay text until sharing. */
export type ShareOptions = ShareOptionValues;

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
export type ShareField = ShareOptionField;

export type OptionProblems = Partial<Record<ShareField, OptionProblem>>;

/** The POST /paste body of valid options; empty optional fields are not sent. */
export function toCreateRequest(
  content: string,
  options: ShareOptions,
  now: Date,
): CreatePasteRequest {
  const { expiry, given } = requestPartsOf(options);
  return {
    content,
    ...given,
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

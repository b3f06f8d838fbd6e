import {
  API_KEY_NAME_MAX,
  apiKeyExpiry,
  apiKeyMountLevel,
  customKeySchema,
  DEFAULT_BASIC_PATH,
  type ApiKey,
  type ApiKeyExpiryChoice,
  type ApiKeyMountLevel,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@pasteport/contract';

/** The longest custom expiry offered: 100 years keeps the instant a valid date. */
export const MAX_CUSTOM_DAYS = 36_500;

/** An expiry choice of the form; 'keep' (edit only) leaves the key's expiry as it is. */
export type KeyExpiryChoice = ApiKeyExpiryChoice | 'keep';

/** What the key dialog edits; numbers stay text until submit so typing is never fought. */
export interface KeyFormValues {
  name: string;
  expiry: KeyExpiryChoice;
  customDays: string;
  text: boolean;
  file: boolean;
  /** None, read-only or read-write (SPEC §6: the mount permission can be read-only). */
  mount: ApiKeyMountLevel;
  basicPath: string;
  useCustomKey: boolean;
  customKey: string;
}

/** Fields that can carry an error. */
export type KeyFormField = 'name' | 'customDays' | 'mount' | 'basicPath' | 'customKey';

/** Each problem has a message under keys.form.errors. */
export type KeyFormProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'customDaysRequired'
  | 'customDaysInvalid'
  | 'basicPathInvalid'
  | 'customKeyRequired'
  | 'customKeyTooShort'
  | 'customKeyTooLong'
  | 'customKeyPattern'
  | 'customKeyTaken';

/** Problems by field; empty when the form may be sent. */
export type KeyFormProblems = Partial<Record<KeyFormField, KeyFormProblem>>;

/** A new key: 30 days, text only, the whole tree (SPEC §9 default basic path). */
export const NEW_KEY_VALUES: KeyFormValues = {
  name: '',
  expiry: '30d',
  customDays: '',
  text: true,
  file: false,
  mount: 'none',
  basicPath: DEFAULT_BASIC_PATH,
  useCustomKey: false,
  customKey: '',
};

/** The edit form of an existing key; its expiry is kept unless the user picks another. */
export function valuesFromKey(key: ApiKey): KeyFormValues {
  return {
    ...NEW_KEY_VALUES,
    name: key.name,
    expiry: 'keep',
    text: key.text_permission,
    file: key.file_permission,
    mount: apiKeyMountLevel(key),
    basicPath: key.basic_path,
  };
}

/**
 * The problem with a custom key, checked with the contract's customKeySchema (SPEC §5:
 * letters, digits, _ and -). zod's issue codes, not its English messages, pick ours.
 */
export function customKeyProblem(value: string): KeyFormProblem | undefined {
  if (value === '') return 'customKeyRequired';
  const result = customKeySchema.safeParse(value);
  if (result.success) return undefined;
  const codes = result.error.issues.map((issue) => issue.code);
  if (codes.includes('invalid_format')) return 'customKeyPattern';
  return codes.includes('too_small') ? 'customKeyTooShort' : 'customKeyTooLong';
}

/** The whole number of days typed, or the problem with it (SPEC §5: required when chosen). */
export function parseCustomDays(raw: string): number | KeyFormProblem {
  if (raw.trim() === '') return 'customDaysRequired';
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > MAX_CUSTOM_DAYS) return 'customDaysInvalid';
  return days;
}

/** Every problem of the form; `mode` decides whether a custom key may be given. */
export function validateKeyForm(values: KeyFormValues, mode: 'create' | 'edit'): KeyFormProblems {
  const problems: KeyFormProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > API_KEY_NAME_MAX) problems.name = 'nameTooLong';
  if (values.expiry === 'custom') {
    const days = parseCustomDays(values.customDays);
    if (typeof days !== 'number') problems.customDays = days;
  }
  if (!values.basicPath.trim().startsWith('/')) problems.basicPath = 'basicPathInvalid';
  if (mode === 'create' && values.useCustomKey) {
    const problem = customKeyProblem(values.customKey);
    if (problem) problems.customKey = problem;
  }
  return problems;
}

function expiresAt(values: KeyFormValues, now: Date): string | null {
  if (values.expiry === 'keep') throw new Error('a kept expiry has no new instant');
  const days = values.expiry === 'custom' ? parseCustomDays(values.customDays) : undefined;
  return apiKeyExpiry(values.expiry, now, typeof days === 'number' ? days : undefined);
}

/** The two request fields of a mount level (CloudPaste's mount_permission, and ours). */
export function mountFields(level: ApiKeyMountLevel) {
  return { mount_permission: level !== 'none', mount_read_only: level === 'read_only' };
}

/** POST /admin/api-keys body of a valid create form. */
export function toCreateRequest(values: KeyFormValues, now: Date): CreateApiKeyRequest {
  return {
    name: values.name.trim(),
    expires_at: expiresAt(values, now),
    text_permission: values.text,
    file_permission: values.file,
    ...mountFields(values.mount),
    basic_path: values.basicPath.trim(),
    ...(values.useCustomKey ? { custom_key: values.customKey } : {}),
  };
}

/** PUT /admin/api-keys/{id} body of a valid edit form; a kept expiry is not sent. */
export function toUpdateRequest(values: KeyFormValues, now: Date): UpdateApiKeyRequest {
  return {
    name: values.name.trim(),
    ...(values.expiry === 'keep' ? {} : { expires_at: expiresAt(values, now) }),
    text_permission: values.text,
    file_permission: values.file,
    ...mountFields(values.mount),
    basic_path: values.basicPath.trim(),
  };
}

/** Which form field a server `details[].field` names. */
export const SERVER_FIELD_TO_FORM: Record<string, KeyFormField> = {
  name: 'name',
  expires_at: 'customDays',
  basic_path: 'basicPath',
  custom_key: 'customKey',
  mount_permission: 'mount',
  mount_read_only: 'mount',
};

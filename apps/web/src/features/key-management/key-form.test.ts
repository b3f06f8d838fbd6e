import { apiKeyExpiry, createApiKeyRequestSchema, customKeySchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import {
  customKeyProblem,
  mountFields,
  NEW_KEY_VALUES,
  parseCustomDays,
  toCreateRequest,
  toUpdateRequest,
  validateKeyForm,
  valuesFromKey,
  type KeyFormValues,
} from './key-form';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const form = (patch: Partial<KeyFormValues>): KeyFormValues => ({
  ...NEW_KEY_VALUES,
  name: 'ci',
  ...patch,
});

describe('customKeyProblem (live validation via customKeySchema)', () => {
  it.each([
    ['', 'customKeyRequired'],
    ['short_key', 'customKeyTooShort'],
    ['a'.repeat(15), 'customKeyTooShort'],
    ['has space in the key', 'customKeyPattern'],
    ['ünïcödé-key-000000', 'customKeyPattern'],
    ['bad!', 'customKeyPattern'],
    ['x'.repeat(129), 'customKeyTooLong'],
  ])('%j → %s', (value, problem) => {
    expect(customKeyProblem(value)).toBe(problem);
  });

  it.each(['a'.repeat(16), 'Team_Key-2030_abcdef', 'x'.repeat(128)])('accepts %s', (value) => {
    expect(customKeyProblem(value)).toBeUndefined();
    expect(customKeySchema.safeParse(value).success).toBe(true);
  });
});

describe('custom expiry days (SPEC §5: required when chosen)', () => {
  it.each([
    ['', 'customDaysRequired'],
    ['  ', 'customDaysRequired'],
    ['0', 'customDaysInvalid'],
    ['-3', 'customDaysInvalid'],
    ['1.5', 'customDaysInvalid'],
    ['abc', 'customDaysInvalid'],
    ['36501', 'customDaysInvalid'],
  ])('%j → %s', (raw, problem) => {
    expect(parseCustomDays(raw)).toBe(problem);
  });

  it('parses whole days', () => {
    expect(parseCustomDays('45')).toBe(45);
  });

  it('is only required when the custom choice is picked', () => {
    expect(validateKeyForm(form({ expiry: 'custom' }), 'create')).toEqual({
      customDays: 'customDaysRequired',
    });
    expect(validateKeyForm(form({ expiry: '7d' }), 'create')).toEqual({});
  });
});

describe('validateKeyForm', () => {
  it('requires a name and an absolute basic path', () => {
    expect(validateKeyForm(form({ name: '  ', basicPath: 'docs' }), 'create')).toEqual({
      name: 'nameRequired',
      basicPath: 'basicPathInvalid',
    });
  });

  it('checks a custom key only when one is chosen, and only when creating', () => {
    expect(validateKeyForm(form({ customKey: 'bad' }), 'create')).toEqual({});
    expect(validateKeyForm(form({ useCustomKey: true, customKey: 'bad' }), 'create')).toEqual({
      customKey: 'customKeyTooShort',
    });
    expect(validateKeyForm(form({ useCustomKey: true }), 'edit')).toEqual({});
  });
});

describe('expiry computation (SPEC §4 choices)', () => {
  it.each([
    ['1d', '2030-01-02T00:00:00.000Z'],
    ['7d', '2030-01-08T00:00:00.000Z'],
    ['30d', '2030-01-31T00:00:00.000Z'],
    ['never', null],
  ] as const)('%s expires at %s', (expiry, expected) => {
    expect(toCreateRequest(form({ expiry }), NOW).expires_at).toBe(expected);
    expect(apiKeyExpiry(expiry, NOW)).toBe(expected);
  });

  it('uses the typed days for a custom expiry', () => {
    const request = toCreateRequest(form({ expiry: 'custom', customDays: '90' }), NOW);
    expect(request.expires_at).toBe('2030-04-01T00:00:00.000Z');
  });
});

describe('request bodies', () => {
  it('builds a create body the contract accepts, with the custom key only when chosen', () => {
    const plain = toCreateRequest(form({ name: ' ci ', basicPath: ' /docs ' }), NOW);
    expect(plain).toEqual({
      name: 'ci',
      expires_at: '2030-01-31T00:00:00.000Z',
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      mount_read_only: false,
      basic_path: '/docs',
    });
    expect(createApiKeyRequestSchema.safeParse(plain).success).toBe(true);
    const custom = toCreateRequest(form({ useCustomKey: true, customKey: 'k'.repeat(20) }), NOW);
    expect(custom.custom_key).toBe('k'.repeat(20));
  });

  it('leaves a kept expiry out of the update body', () => {
    const key = {
      id: '1',
      name: 'ci',
      key_prefix: 'abcd1234',
      text_permission: false,
      file_permission: true,
      mount_permission: true,
      mount_read_only: false,
      basic_path: '/docs',
      expires_at: '2031-01-01T00:00:00Z',
      last_used_at: null,
      created_at: '2029-01-01T00:00:00Z',
      updated_at: '2029-01-01T00:00:00Z',
    };
    const values = valuesFromKey(key);
    expect(values).toMatchObject({ expiry: 'keep', text: false, file: true, mount: 'read_write' });
    expect(toUpdateRequest(values, NOW)).not.toHaveProperty('expires_at');
    expect(toUpdateRequest({ ...values, expiry: 'never' }, NOW)).toMatchObject({
      expires_at: null,
    });
  });
});

describe('mount levels (SPEC §6: none, read-only, read-write)', () => {
  it.each([
    ['none', { mount_permission: false, mount_read_only: false }],
    ['read_only', { mount_permission: true, mount_read_only: true }],
    ['read_write', { mount_permission: true, mount_read_only: false }],
  ] as const)('%s is sent as %j and read back from a key', (level, fields) => {
    expect(mountFields(level)).toEqual(fields);
    expect(toCreateRequest(form({ mount: level }), NOW)).toMatchObject(fields);
    expect(toUpdateRequest(form({ mount: level }), NOW)).toMatchObject(fields);
    expect(
      createApiKeyRequestSchema.safeParse(toCreateRequest(form({ mount: level }), NOW)).success,
    ).toBe(true);
    const key = {
      id: '1',
      name: 'ci',
      key_prefix: 'abcd1234',
      text_permission: false,
      file_permission: false,
      ...fields,
      basic_path: '/',
      expires_at: null,
      last_used_at: null,
      created_at: '2029-01-01T00:00:00Z',
      updated_at: '2029-01-01T00:00:00Z',
    };
    expect(valuesFromKey(key).mount).toBe(level);
  });
});

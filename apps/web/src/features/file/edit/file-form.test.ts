import { updateFileRequestSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { quickExpiry } from '../../../components/share-options/edit-rules';
import { givenFileDetail } from '../../../test/kits/file-kit';
import {
  changedFields,
  expiresInHours,
  toUpdateRequest,
  validateFileForm,
  valuesFromFile,
  type FileFormValues,
} from './file-form';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const file = givenFileDetail({ remark: 'old', max_views: 3, has_password: true });
const form = (patch: Partial<FileFormValues>): FileFormValues => ({
  ...valuesFromFile(file),
  ...patch,
});

describe('validateFileForm', () => {
  it('accepts the loaded file as it is', () => {
    expect(validateFileForm(valuesFromFile(file))).toEqual({});
  });

  it.each([
    [{ filename: '  ' }, { filename: 'filenameEmpty' }],
    [{ filename: 'x'.repeat(256) }, { filename: 'filenameTooLong' }],
    [{ filename: 'a/b.txt' }, { filename: 'filenameCharacters' }],
    [{ filename: '..' }, { filename: 'filenameCharacters' }],
    [{ slug: '' }, { slug: 'slug_empty' }],
    [{ slug: 'has space' }, { slug: 'slug_characters' }],
    [{ slug: 'files' }, { slug: 'slug_reserved' }],
    [{ remark: 'r'.repeat(501) }, { remark: 'remarkTooLong' }],
    [{ maxViews: -1 }, { maxViews: 'maxViewsInvalid' }],
    [{ maxViews: '' }, { maxViews: 'maxViewsInvalid' }],
    [{ passwordMode: 'set' as const }, { password: 'passwordRequired' }],
    [{ passwordMode: 'set' as const, password: 'p'.repeat(257) }, { password: 'passwordTooLong' }],
    [{ expiry: 'custom' as const }, { expiry: 'amountRequired' }],
    [{ expiry: 'custom' as const, customAmount: 1.5 }, { expiry: 'amountNotWhole' }],
  ])('%j → %j', (patch, problems) => {
    expect(validateFileForm(form(patch))).toEqual(problems);
  });
});

describe('expiresInHours', () => {
  it('is 0 for never and whole hours from now otherwise', () => {
    expect(expiresInHours({ kind: 'never' }, NOW)).toBe(0);
    expect(expiresInHours({ kind: 'after', amount: 1, unit: 'hours' }, NOW)).toBe(1);
    expect(expiresInHours({ kind: 'after', amount: 7, unit: 'days' }, NOW)).toBe(168);
    expect(expiresInHours({ kind: 'after', amount: 2, unit: 'weeks' }, NOW)).toBe(336);
  });

  it('counts calendar months (January has 31 days)', () => {
    expect(expiresInHours({ kind: 'after', amount: 1, unit: 'months' }, NOW)).toBe(31 * 24);
  });
});

describe('the update body', () => {
  it('sends nothing for an untouched form', () => {
    const values = valuesFromFile(file);
    expect(changedFields(values, file)).toEqual([]);
    expect(toUpdateRequest(values, file, NOW)).toEqual({});
  });

  it('sends each changed field as the contract accepts it', () => {
    const request = toUpdateRequest(
      form({
        filename: ' renamed.md ',
        slug: 'new-link',
        remark: '  ',
        maxViews: '0',
        expiry: quickExpiry(2),
        passwordMode: 'set',
        password: 'pw',
      }),
      file,
      NOW,
    );
    expect(request).toEqual({
      filename: 'renamed.md',
      slug: 'new-link',
      remark: null,
      max_views: 0,
      expires_in: 168,
      password: 'pw',
    });
    expect(updateFileRequestSchema.safeParse(request).success).toBe(true);
  });

  it('clears the password with null, and "never" is expires_in 0', () => {
    expect(toUpdateRequest(form({ passwordMode: 'remove' }), file, NOW)).toEqual({
      password: null,
    });
    expect(toUpdateRequest(form({ expiry: 'never' }), file, NOW)).toEqual({ expires_in: 0 });
    const custom = form({ expiry: 'custom', customAmount: '3', customUnit: 'days' });
    expect(toUpdateRequest(custom, file, NOW)).toEqual({ expires_in: 72 });
  });
});

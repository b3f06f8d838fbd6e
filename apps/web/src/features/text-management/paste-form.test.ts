import { updatePasteRequestSchema } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { quickExpiry } from '../../components/share-options/edit-rules';
import { givenPaste } from '../../test/kits/text-management-kit';
import {
  changedFields,
  toUpdateRequest,
  validatePasteForm,
  valuesFromPaste,
  type PasteFormValues,
} from './paste-form';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const paste = givenPaste({ remark: 'note', max_views: 3, has_password: true });
const form = (patch: Partial<PasteFormValues>): PasteFormValues => ({
  ...valuesFromPaste(paste),
  ...patch,
});

describe('validatePasteForm', () => {
  it('accepts the loaded paste as it is', () => {
    expect(validatePasteForm(valuesFromPaste(paste))).toEqual({});
  });

  it.each([
    [{ slug: '' }, { slug: 'slug_empty' }],
    [{ slug: 'x'.repeat(51) }, { slug: 'slug_too_long' }],
    [{ slug: 'with space' }, { slug: 'slug_characters' }],
    [{ slug: 'API' }, { slug: 'slug_reserved' }],
    [{ content: '   ' }, { content: 'contentEmpty' }],
    [{ remark: 'r'.repeat(501) }, { remark: 'remarkTooLong' }],
    [{ maxViews: -1 }, { maxViews: 'maxViewsInvalid' }],
    [{ maxViews: 1.5 }, { maxViews: 'maxViewsInvalid' }],
    [{ maxViews: '' }, { maxViews: 'maxViewsInvalid' }],
    [{ passwordMode: 'set' as const }, { password: 'passwordRequired' }],
    [{ passwordMode: 'set' as const, password: 'p'.repeat(257) }, { password: 'passwordTooLong' }],
    [{ expiry: 'custom' as const }, { expiry: 'amountRequired' }],
    [{ expiry: 'custom' as const, customAmount: 0 }, { expiry: 'amountTooSmall' }],
    [
      { expiry: 'custom' as const, customAmount: 121, customUnit: 'months' as const },
      { expiry: 'amountTooLarge' },
    ],
  ])('%j → %j', (patch, problems) => {
    expect(validatePasteForm(form(patch))).toEqual(problems);
  });

  it('refuses content over the 10 MB editor limit, counted in UTF-8 bytes', () => {
    const content = '字'.repeat(Math.ceil((10 * 1024 * 1024) / 3) + 1);
    expect(validatePasteForm(form({ content }))).toEqual({ content: 'contentTooLarge' });
  });
});

describe('changed fields and the update body', () => {
  it('sends nothing for an untouched form', () => {
    const values = valuesFromPaste(paste);
    expect(changedFields(values, paste)).toEqual([]);
    expect(toUpdateRequest(values, paste, NOW)).toEqual({});
  });

  it('treats a blank remark as no remark and a typed number as the same number', () => {
    const blank = givenPaste({ remark: null });
    expect(changedFields({ ...valuesFromPaste(blank), remark: '  ' }, blank)).toEqual([]);
    expect(changedFields({ ...valuesFromPaste(paste), maxViews: '3' }, paste)).toEqual([]);
    expect(toUpdateRequest(form({ remark: '' }), paste, NOW)).toEqual({ remark: null });
  });

  it('sends each changed field, accepted by the contract', () => {
    const request = toUpdateRequest(
      form({
        content: 'new',
        slug: 'renamed',
        maxViews: 0,
        expiry: 'never',
        passwordMode: 'set',
        password: 'pw',
      }),
      paste,
      NOW,
    );
    expect(request).toEqual({
      content: 'new',
      slug: 'renamed',
      max_views: 0,
      expires_at: null,
      password: 'pw',
    });
    expect(updatePasteRequestSchema.safeParse(request).success).toBe(true);
  });

  it('clears the password with null and computes expiry instants', () => {
    expect(toUpdateRequest(form({ passwordMode: 'remove' }), paste, NOW)).toEqual({
      password: null,
    });
    expect(toUpdateRequest(form({ expiry: quickExpiry(0) }), paste, NOW)).toEqual({
      expires_at: '2030-01-01T01:00:00.000Z',
    });
    const custom = form({ expiry: 'custom', customAmount: '2', customUnit: 'weeks' });
    expect(toUpdateRequest(custom, paste, NOW)).toEqual({
      expires_at: '2030-01-15T00:00:00.000Z',
    });
  });
});

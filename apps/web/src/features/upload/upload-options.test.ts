import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_OPTIONS,
  expiresInHours,
  mimetypeOf,
  optionProblems,
  toShareFields,
  type UploadOptions,
} from './upload-options';

const NOW = new Date('2030-01-31T12:00:00Z');
const options = (patch: Partial<UploadOptions>): UploadOptions => ({
  ...DEFAULT_UPLOAD_OPTIONS,
  ...patch,
});

describe('toShareFields (SPEC §5: optional fields only when present)', () => {
  it('sends nothing for the defaults', () => {
    expect(toShareFields(DEFAULT_UPLOAD_OPTIONS, NOW)).toEqual({});
  });

  it('sends every field that is set, trimmed, with expiry in hours', () => {
    const fields = toShareFields(
      options({
        storageConfigId: 'cfg-1',
        slug: ' my-file ',
        remark: ' note ',
        password: ' secret ',
        expiry: '7-days',
        maxViews: '3',
        path: ' reports/2026 ',
      }),
      NOW,
    );
    expect(fields).toEqual({
      s3_config_id: 'cfg-1',
      slug: 'my-file',
      remark: 'note',
      // Passwords are taken as typed: spaces may be part of them.
      password: ' secret ',
      expires_in: 168,
      max_views: 3,
      path: 'reports/2026',
    });
  });

  it('leaves out blank text, an unlimited view limit and "never"', () => {
    expect(
      toShareFields(options({ slug: '  ', remark: ' ', maxViews: '0', expiry: 'never' }), NOW),
    ).toEqual({});
  });

  it('gives the link suffix only to the file that owns it', () => {
    expect(toShareFields(options({ slug: 'mine' }), NOW, false)).toEqual({});
  });

  it('refuses options with a problem', () => {
    expect(() => toShareFields(options({ expiry: 'custom', customAmount: '' }), NOW)).toThrow();
  });
});

describe('expiresInHours', () => {
  it.each([
    ['1-hours', 1],
    ['1-days', 24],
    ['7-days', 168],
    ['30-days', 720],
  ])('turns the quick choice %s into %i hours', (expiry, hours) => {
    expect(toShareFields(options({ expiry }), NOW).expires_in).toBe(hours);
  });

  it.each([
    ['hours', '5', 5],
    ['days', '2', 48],
    ['weeks', '2', 336],
  ] as const)('turns a custom amount of %s into hours', (unit, amount, hours) => {
    const fields = toShareFields(
      options({ expiry: 'custom', customUnit: unit, customAmount: amount }),
      NOW,
    );
    expect(fields.expires_in).toBe(hours);
  });

  it('counts calendar months from now, rounded up (31 Jan + 1 month = 28 Feb)', () => {
    const hours = expiresInHours({ kind: 'after', amount: 1, unit: 'months' }, NOW);
    expect(hours).toBe(28 * 24);
  });

  it('is null for never', () => {
    expect(expiresInHours({ kind: 'never' }, NOW)).toBeNull();
  });
});

describe('optionProblems', () => {
  it('accepts a blank slug (random link) and flags bad ones as typed', () => {
    expect(optionProblems(options({ slug: '' }))).toEqual({});
    expect(optionProblems(options({ slug: 'a b' }))).toEqual({ slug: 'characters' });
    expect(optionProblems(options({ slug: 'upload' }))).toEqual({ slug: 'reserved' });
    expect(optionProblems(options({ slug: 'x'.repeat(51) }))).toEqual({ slug: 'too_long' });
  });

  it('flags a custom expiry without a valid amount and a bad view limit', () => {
    expect(optionProblems(options({ expiry: 'custom', customAmount: '' }))).toEqual({
      expiry: 'amountRequired',
    });
    expect(optionProblems(options({ expiry: 'custom', customAmount: '1.5' }))).toEqual({
      expiry: 'not-whole',
    });
    expect(optionProblems(options({ maxViews: '-1' }))).toEqual({ maxViews: 'maxViewsInvalid' });
  });
});

describe('mimetypeOf (SPEC §5 file type rule)', () => {
  it('uses text/markdown for Markdown names, else the browser type, else octet-stream', () => {
    expect(mimetypeOf({ name: 'README.MD', type: 'application/octet-stream' })).toBe(
      'text/markdown',
    );
    expect(mimetypeOf({ name: 'a.png', type: 'image/png' })).toBe('image/png');
    expect(mimetypeOf({ name: 'blob', type: '' })).toBe('application/octet-stream');
  });
});

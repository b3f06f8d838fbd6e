import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  EXPIRY_PRESETS,
  hasAdvancedValues,
  optionProblems,
  sanitizeOptions,
  toCreateRequest,
  type ShareOptions,
} from './share-form';

const NOW = new Date('2030-05-01T12:00:00Z');
const options = (patch: Partial<ShareOptions>): ShareOptions => ({ ...DEFAULT_OPTIONS, ...patch });

describe('optionProblems', () => {
  it('accepts the defaults and a blank slug (a random one is made)', () => {
    expect(optionProblems(DEFAULT_OPTIONS)).toEqual({});
    expect(optionProblems(options({ slug: '   ' }))).toEqual({});
  });

  it('names each slug rule the contract checks', () => {
    expect(optionProblems(options({ slug: 'my notes' })).slug).toBe('characters');
    expect(optionProblems(options({ slug: 'x'.repeat(51) })).slug).toBe('too_long');
    expect(optionProblems(options({ slug: 'Admin' })).slug).toBe('reserved');
    expect(optionProblems(options({ slug: 'my-notes_2' })).slug).toBeUndefined();
  });

  it('checks a custom expiry amount', () => {
    const custom = (customAmount: string) => options({ expiry: 'custom', customAmount });
    expect(optionProblems(custom('')).expiry).toBe('amountRequired');
    expect(optionProblems(custom('1.5')).expiry).toBe('not-whole');
    expect(optionProblems(custom('0')).expiry).toBe('too-small');
    expect(optionProblems(custom('9999')).expiry).toBe('too-large');
    expect(optionProblems(custom('12')).expiry).toBeUndefined();
  });

  it('wants a whole, non-negative view limit', () => {
    expect(optionProblems(options({ maxViews: '-1' })).maxViews).toBe('maxViewsInvalid');
    expect(optionProblems(options({ maxViews: '2.5' })).maxViews).toBe('maxViewsInvalid');
    expect(optionProblems(options({ maxViews: '' })).maxViews).toBeUndefined();
  });
});

describe('toCreateRequest', () => {
  it('sends every given option, the expiry as an ISO instant', () => {
    const request = toCreateRequest(
      'hello',
      options({
        slug: ' notes ',
        remark: ' for Ann ',
        password: ' s3cret',
        expiry: '1-hours',
        maxViews: '3',
      }),
      NOW,
    );
    expect(request).toEqual({
      content: 'hello',
      slug: 'notes',
      remark: 'for Ann',
      password: ' s3cret',
      expires_at: '2030-05-01T13:00:00.000Z',
      max_views: 3,
    });
  });

  it('leaves out empty optional fields; never is null; custom weeks', () => {
    expect(toCreateRequest('x', options({ expiry: 'never' }), NOW)).toEqual({
      content: 'x',
      expires_at: null,
      max_views: 0,
    });
    const weeks = toCreateRequest(
      'x',
      options({ expiry: 'custom', customAmount: '2', customUnit: 'weeks' }),
      NOW,
    );
    expect(weeks.expires_at).toBe('2030-05-15T12:00:00.000Z');
  });
});

describe('stored options', () => {
  it('keep known values, drop the password and repair the rest', () => {
    expect(
      sanitizeOptions({
        slug: 'a',
        password: 'leaked',
        expiry: 'fortnight',
        customUnit: 'years',
        maxViews: 5,
      }),
    ).toEqual({ ...DEFAULT_OPTIONS, slug: 'a' });
    expect(sanitizeOptions('junk')).toEqual(DEFAULT_OPTIONS);
  });

  it('offers the SPEC §5 quick choices, never and custom', () => {
    expect(EXPIRY_PRESETS).toEqual(['1-hours', '1-days', '7-days', '30-days', 'never', 'custom']);
  });

  it('open the advanced part only when it holds something', () => {
    expect(hasAdvancedValues(DEFAULT_OPTIONS)).toBe(false);
    expect(hasAdvancedValues(options({ maxViews: '2' }))).toBe(true);
    expect(hasAdvancedValues(options({ remark: 'x' }))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  expiryChoiceOf,
  isExpiryUnit,
  maxViewsOf,
  QUICK_EXPIRY_PRESETS,
  requestPartsOf,
  shareOptionProblems,
  type ShareOptionValues,
} from './option-rules';

const NOTHING_TYPED = { slug: '', remark: '', password: '', maxViews: '' };
const KEPT_FOR_EVER = { expiry: 'never', customAmount: '', customUnit: 'days' } as const;
const options = (patch: Partial<ShareOptionValues>): ShareOptionValues => ({
  ...NOTHING_TYPED,
  ...KEPT_FOR_EVER,
  ...patch,
});

describe('expiry presets', () => {
  it('name the SPEC §5 quick choices and read back as choices', () => {
    expect(QUICK_EXPIRY_PRESETS).toEqual(['1-hours', '1-days', '7-days', '30-days']);
    expect(expiryChoiceOf(options({ expiry: '7-days' }))).toEqual({
      kind: 'after',
      amount: 7,
      unit: 'days',
    });
    expect(expiryChoiceOf(options({ expiry: 'fortnight' }))).toEqual({ kind: 'never' });
    expect(
      expiryChoiceOf(options({ expiry: 'custom', customAmount: '121', customUnit: 'months' })),
    ).toBe('too-large');
  });

  it('know the units', () => {
    expect(isExpiryUnit('weeks')).toBe(true);
    expect(isExpiryUnit('years')).toBe(false);
  });
});

describe('shareOptionProblems', () => {
  it('takes a blank slug and view limit as "random" and "unlimited"', () => {
    expect(shareOptionProblems(options({ slug: ' ', maxViews: ' ' }))).toEqual({});
    expect(maxViewsOf(options({ maxViews: '' }))).toBe(0);
  });

  it('flags a bad slug, custom amount and view limit', () => {
    expect(
      shareOptionProblems(
        options({ slug: 'a b', expiry: 'custom', customAmount: '', maxViews: '1.5' }),
      ),
    ).toEqual({ slug: 'characters', expiry: 'amountRequired', maxViews: 'maxViewsInvalid' });
  });
});

describe('requestPartsOf', () => {
  it('gives the expiry and only the text fields that were given', () => {
    expect(requestPartsOf(options({ slug: ' s ', remark: ' ', password: ' p ' }))).toEqual({
      expiry: { kind: 'never' },
      given: { slug: 's', password: ' p ' },
    });
  });

  it('refuses options with a bad expiry', () => {
    expect(() => requestPartsOf(options({ expiry: 'custom' }))).toThrow();
  });
});

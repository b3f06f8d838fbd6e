import { describe, expect, it } from 'vitest';
import {
  changedShareFields,
  expiryChoiceOf,
  isQuietProblem,
  quickExpiry,
  shareEditProblems,
  shareProblemLimit,
  shareUpdateOf,
  shareValuesOf,
  type ShareEditValues,
} from './edit-rules';
import type { ShareLimits } from './share-limits';

const LIMITS: ShareLimits = { remarkMax: 10, passwordMax: 4 };
const share = { slug: 'notes', remark: null, max_views: 3 };
const values = (patch: Partial<ShareEditValues>): ShareEditValues => ({
  ...shareValuesOf(share),
  ...patch,
});

describe('shareEditProblems', () => {
  it('accepts a loaded share as it is', () => {
    expect(shareEditProblems(shareValuesOf(share), LIMITS)).toEqual({});
  });

  it('checks against the limits of the kind of share', () => {
    expect(shareEditProblems(values({ remark: 'r'.repeat(11) }), LIMITS)).toEqual({
      remark: 'remarkTooLong',
    });
    expect(
      shareEditProblems(values({ passwordMode: 'set', password: 'p'.repeat(5) }), LIMITS),
    ).toEqual({ password: 'passwordTooLong' });
  });

  it('checks the custom amount only when a custom expiry is picked', () => {
    expect(shareEditProblems(values({ customAmount: 'x' }), LIMITS)).toEqual({});
    expect(shareEditProblems(values({ expiry: 'custom', customAmount: '0' }), LIMITS)).toEqual({
      expiry: 'amountTooSmall',
    });
  });
});

describe('messages', () => {
  it('keep "fill this in" quiet and name the limit of each too-long problem', () => {
    expect(isQuietProblem('amountRequired')).toBe(true);
    expect(isQuietProblem('passwordRequired')).toBe(true);
    expect(isQuietProblem('passwordTooLong')).toBe(false);
    expect(shareProblemLimit('passwordTooLong', values({}), LIMITS)).toBe(4);
    expect(shareProblemLimit('amountTooLarge', values({ customUnit: 'months' }), LIMITS)).toBe(120);
    expect(shareProblemLimit('filenameTooLong', values({}), LIMITS)).toBeUndefined();
  });
});

describe('changes', () => {
  it('finds none in an untouched form, a blank remark or the same number typed', () => {
    expect(changedShareFields(values({ remark: '  ', maxViews: '3' }), share)).toEqual([]);
  });

  it('sends each changed setting, the expiry as the kind encodes it', () => {
    const update = shareUpdateOf(
      values({ slug: 'renamed', expiry: quickExpiry(0), maxViews: 0, passwordMode: 'remove' }),
      share,
      (choice) => ({ expires_in: choice.kind === 'never' ? 0 : choice.amount }),
    );
    expect(update).toEqual({ slug: 'renamed', expires_in: 1, max_views: 0, password: null });
  });

  it('reads the expiry selection as a choice', () => {
    expect(expiryChoiceOf(values({}))).toBeUndefined();
    expect(expiryChoiceOf(values({ expiry: 'never' }))).toEqual({ kind: 'never' });
    expect(
      expiryChoiceOf(values({ expiry: 'custom', customAmount: '2', customUnit: 'weeks' })),
    ).toEqual({ kind: 'after', amount: 2, unit: 'weeks' });
    expect(() => expiryChoiceOf(values({ expiry: quickExpiry(99) }))).toThrow();
  });
});

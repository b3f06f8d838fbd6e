import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys } from './local-list.js';

describe('compareKeys', () => {
  it('orders like the UTF-8 bytes S3 compares, astral characters included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        const bytes = Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
        expect(Math.sign(compareKeys(a, b))).toBe(bytes);
      }),
      { numRuns: 2000 },
    );
  });

  it('puts U+FFFD before an emoji, where UTF-16 order says the opposite', () => {
    expect(compareKeys('\uFFFD', '😀')).toBeLessThan(0);
    expect('\uFFFD' < '😀').toBe(false);
  });
});

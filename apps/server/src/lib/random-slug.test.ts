import { describe, expect, it } from 'vitest';
import { randomSlug } from './random-slug.js';

describe('randomSlug', () => {
  it('makes 8 base62 characters by default, and any length asked', () => {
    expect(randomSlug()).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(randomSlug(20)).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('does not repeat', () => {
    expect(new Set(Array.from({ length: 5000 }, () => randomSlug())).size).toBe(5000);
  });

  it('uses every character about equally (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const sample = Array.from({ length: 20_000 }, () => randomSlug()).join('');
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = sample.length / 62;
    // Chi-squared with 61 degrees of freedom: 110 is far beyond the 99.9th percentile (≈ 100).
    const chi2 = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(110);
  });
});

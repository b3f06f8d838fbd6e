import { describe, expect, it } from 'vitest';
import { storageLevel, usedRatio } from './storage-level';

describe('storage levels', () => {
  it('turns orange from 80 % and red from 95 % of the quota', () => {
    expect(storageLevel(799, 1000)).toBe('normal');
    expect(storageLevel(800, 1000)).toBe('warning');
    expect(storageLevel(949, 1000)).toBe('warning');
    expect(storageLevel(950, 1000)).toBe('critical');
    expect(storageLevel(1200, 1000)).toBe('critical');
  });

  it('has no level or ratio without a quota, and treats a zero quota as full', () => {
    expect(storageLevel(10, null)).toBe('unlimited');
    expect(usedRatio(10, null)).toBeNull();
    expect(usedRatio(0, 0)).toBe(1);
    expect(storageLevel(0, 0)).toBe('critical');
  });
});

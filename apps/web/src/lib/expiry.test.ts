import { describe, expect, it } from 'vitest';
import {
  expiryAmountProblem,
  expiryInstant,
  formatDuration,
  hasExpired,
  NEVER_EXPIRES,
  QUICK_EXPIRY_CHOICES,
  sameExpiry,
} from './expiry';

const NOW = new Date('2026-01-31T10:00:00.000Z');

describe('expiryInstant', () => {
  it('is null for never', () => {
    expect(expiryInstant(NEVER_EXPIRES, NOW)).toBeNull();
  });

  it('adds hours, days and weeks exactly', () => {
    expect(expiryInstant({ kind: 'after', amount: 1, unit: 'hours' }, NOW)).toBe(
      '2026-01-31T11:00:00.000Z',
    );
    expect(expiryInstant({ kind: 'after', amount: 7, unit: 'days' }, NOW)).toBe(
      '2026-02-07T10:00:00.000Z',
    );
    expect(expiryInstant({ kind: 'after', amount: 2, unit: 'weeks' }, NOW)).toBe(
      '2026-02-14T10:00:00.000Z',
    );
  });

  it('adds calendar months, clamped to the last day of a shorter month', () => {
    const oneMonth = new Date(expiryInstant({ kind: 'after', amount: 1, unit: 'months' }, NOW)!);
    expect(oneMonth.getMonth()).toBe((NOW.getMonth() + 1) % 12);
    expect(oneMonth.getDate()).toBeLessThanOrEqual(29);
    expect(oneMonth.getTime()).toBeGreaterThan(NOW.getTime());
    const twelve = new Date(expiryInstant({ kind: 'after', amount: 12, unit: 'months' }, NOW)!);
    expect(twelve.getFullYear()).toBe(NOW.getFullYear() + 1);
    expect(twelve.getDate()).toBe(NOW.getDate());
  });

  it('offers the quick choices of the spec: 1 hour, 1, 7 and 30 days', () => {
    expect(QUICK_EXPIRY_CHOICES.map((c) => expiryInstant(c, NOW))).toEqual([
      '2026-01-31T11:00:00.000Z',
      '2026-02-01T10:00:00.000Z',
      '2026-02-07T10:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
    ]);
  });
});

describe('expiryAmountProblem', () => {
  it('accepts whole amounts from 1 up to the unit maximum', () => {
    expect(expiryAmountProblem(1, 'hours')).toBeNull();
    expect(expiryAmountProblem(120, 'months')).toBeNull();
    expect(expiryAmountProblem(0, 'days')).toBe('too-small');
    expect(expiryAmountProblem(1.5, 'days')).toBe('not-whole');
    expect(expiryAmountProblem(121, 'months')).toBe('too-large');
  });
});

describe('sameExpiry', () => {
  it('compares kind, amount and unit', () => {
    expect(sameExpiry(NEVER_EXPIRES, { kind: 'never' })).toBe(true);
    expect(sameExpiry(QUICK_EXPIRY_CHOICES[1]!, { kind: 'after', amount: 1, unit: 'days' })).toBe(
      true,
    );
    expect(sameExpiry(QUICK_EXPIRY_CHOICES[1]!, NEVER_EXPIRES)).toBe(false);
    expect(sameExpiry(QUICK_EXPIRY_CHOICES[1]!, QUICK_EXPIRY_CHOICES[2]!)).toBe(false);
  });
});

describe('hasExpired', () => {
  const at = Date.parse('2030-01-01T00:00:00.000Z');

  it('tells expired from not yet expired; no expiry never expires', () => {
    expect(hasExpired('2029-12-31T23:59:59Z', at)).toBe(true);
    expect(hasExpired('2030-01-01T00:00:01Z', at)).toBe(false);
    expect(hasExpired(null, at)).toBe(false);
  });
});

describe('formatDuration', () => {
  it('names durations in the user language', () => {
    expect(formatDuration(1, 'hours', 'en')).toBe('1 hour');
    expect(formatDuration(7, 'days', 'en')).toBe('7 days');
    expect(formatDuration(7, 'days', 'zh-CN')).toBe('7天');
  });
});

import { FILE_EXPIRES_IN_MAX_HOURS } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { hoursUntilExpiry } from './expires-in';

const NOW = new Date('2030-01-31T12:00:00Z');

describe('hoursUntilExpiry', () => {
  it('is null for never and whole hours otherwise', () => {
    expect(hoursUntilExpiry({ kind: 'never' }, NOW)).toBeNull();
    expect(hoursUntilExpiry({ kind: 'after', amount: 2, unit: 'weeks' }, NOW)).toBe(336);
  });

  it('rounds calendar months up (31 Jan + 1 month = 28 Feb) and stays within the maximum', () => {
    expect(hoursUntilExpiry({ kind: 'after', amount: 1, unit: 'months' }, NOW)).toBe(28 * 24);
    expect(hoursUntilExpiry({ kind: 'after', amount: 999_999, unit: 'hours' }, NOW)).toBe(
      FILE_EXPIRES_IN_MAX_HOURS,
    );
  });
});

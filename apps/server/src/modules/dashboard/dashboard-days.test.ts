import { describe, expect, it } from 'vitest';
import { dayWindow } from './dashboard-days.js';

describe('dayWindow', () => {
  it('covers seven UTC days ending today, oldest first, bounded by day starts', () => {
    const window = dayWindow(new Date('2026-03-02T23:59:59.999Z'));
    expect(window.days).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(window.since).toBe('2026-02-24T00:00:00.000Z');
    expect(window.until).toBe('2026-03-03T00:00:00.000Z');
  });

  it('moves to the next day exactly at UTC midnight', () => {
    const window = dayWindow(new Date('2026-03-03T00:00:00.000Z'), 2);
    expect(window.days).toEqual(['2026-03-02', '2026-03-03']);
    expect(window.since).toBe('2026-03-02T00:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { barPercent, longDayLabel, shortDayLabel } from './chart-days';

describe('chart day labels', () => {
  it('formats the UTC day whatever the viewer’s zone', () => {
    expect(longDayLabel('2026-05-21', 'en')).toBe('Thursday, May 21');
    expect(shortDayLabel('2026-05-21', 'en')).toEqual({ day: '21', weekday: 'Thu' });
    expect(shortDayLabel('2026-05-21', 'zh-CN')).toEqual({ day: '21日', weekday: '周四' });
    expect(longDayLabel('2026-05-21', 'zh-CN')).toContain('5月21日');
  });

  it('scales bars against the largest value, with an empty chart flat', () => {
    expect(barPercent(2, 8)).toBe(25);
    expect(barPercent(8, 8)).toBe(100);
    expect(barPercent(0, 0)).toBe(0);
  });
});

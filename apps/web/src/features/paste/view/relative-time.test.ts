import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2030-06-15T12:00:00.000Z');
const at = (offsetSeconds: number) => new Date(NOW + offsetSeconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [at(3 * 86_400), 'en', 'in 3 days'],
    [at(86_400), 'en', 'tomorrow'],
    [at(-2 * 3_600), 'en', '2 hours ago'],
    [at(90), 'en', 'in 2 minutes'],
    [at(10 * 86_400), 'en', 'in 10 days'],
    [at(-400 * 86_400), 'en', 'last year'],
    [at(0), 'en', 'now'],
    [at(3 * 86_400), 'zh-CN', '3天后'],
    [at(-2 * 3_600), 'zh-CN', '2小时前'],
  ])('%s in %s is "%s"', (iso, locale, expected) => {
    expect(formatRelativeTime(iso, NOW, locale)).toBe(expected);
  });

  it('shows a dash for an unreadable instant', () => {
    expect(formatRelativeTime('not a date', NOW, 'en')).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatDocumentTitle, formatWait } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [3.25 * 1024 ** 3, '3.3 GB'],
  ])('%i bytes → %s', (bytes, expected) => {
    expect(formatBytes(bytes, 'en')).toBe(expected);
  });

  it('shows a dash for impossible sizes', () => {
    expect(formatBytes(-1, 'en')).toBe('—');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('formats valid timestamps and dashes invalid ones', () => {
    expect(formatDateTime('2026-01-02T03:04:05Z', 'en')).toMatch(/2026/);
    expect(formatDateTime('not a date', 'en')).toBe('—');
  });
});

describe('formatDocumentTitle', () => {
  it('joins page, section and app name, skipping empty parts', () => {
    expect(formatDocumentTitle('Pasteport', 'Upload')).toBe('Upload · Pasteport');
    expect(formatDocumentTitle('Pasteport', 'Settings', 'Admin')).toBe(
      'Settings · Admin · Pasteport',
    );
    expect(formatDocumentTitle('Pasteport', '', '')).toBe('Pasteport');
  });
});

describe('formatWait', () => {
  it.each([
    [0, 'en', '1 second'],
    [30, 'en', '30 seconds'],
    [59.2, 'en', '1 minute'],
    [60, 'en', '1 minute'],
    [61, 'en', '2 minutes'],
    [900, 'en', '15 minutes'],
    [3600, 'en', '1 hour'],
    [900, 'zh-CN', '15分钟'],
  ])('%f s in %s → %s (rounded up)', (seconds, locale, expected) => {
    expect(formatWait(seconds, locale)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('shows the calendar date only, or a dash for nonsense', () => {
    expect(formatDate('2030-03-04T12:00:00Z', 'en')).toBe('Mar 4, 2030');
    expect(formatDate('not a date', 'en')).toBe('—');
  });
});

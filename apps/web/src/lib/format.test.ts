import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatDocumentTitle } from './format';

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

import { describe, expect, it } from 'vitest';
import { creatorOf, formatRelative } from './paste-display';

const NOW = Date.parse('2030-01-01T00:00:00.000Z');

describe('paste display helpers', () => {
  it.each([
    ['admin', { kind: 'admin' }],
    ['apikey:0123456789abcdef', { kind: 'apikey', idPrefix: '01234567' }],
    ['fedcba9876543210', { kind: 'apikey', idPrefix: 'fedcba98' }],
    [null, { kind: 'guest' }],
  ])('reads created_by %j', (createdBy, creator) => {
    expect(creatorOf(createdBy)).toEqual(creator);
  });

  it.each([
    ['2030-01-04T00:00:00Z', 'en', 'in 3 days'],
    ['2029-12-31T22:00:00Z', 'en', '2 hours ago'],
    ['2030-01-01T00:00:20Z', 'en', 'this minute'],
    ['2030-03-05T00:00:00Z', 'en', 'in 2 months'],
    ['2030-01-04T00:00:00Z', 'zh-CN', '3天后'],
  ])('says %s relative to now in %s: %s', (iso, locale, text) => {
    expect(formatRelative(iso, NOW, locale)).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { parseAuthorization } from './authorization-header.js';

describe('parseAuthorization', () => {
  it('treats a missing or empty header as anonymous', () => {
    expect(parseAuthorization(undefined)).toBeNull();
    expect(parseAuthorization('')).toBeNull();
  });

  it.each([
    ['Bearer abc-DEF_123', { scheme: 'bearer', token: 'abc-DEF_123' }],
    ['bearer abc', { scheme: 'bearer', token: 'abc' }],
    ['ApiKey my_custom-key-0123456', { scheme: 'apikey', key: 'my_custom-key-0123456' }],
    ['APIKEY k', { scheme: 'apikey', key: 'k' }],
    ['  Bearer  tok  ', { scheme: 'bearer', token: 'tok' }],
  ])('reads %j', (header, expected) => {
    expect(parseAuthorization(header)).toEqual(expected);
  });

  it.each([
    'Bearer',
    'Bearer ',
    'Bearer a b',
    'Token abc',
    'Basic dXNlcjpwYXNz',
    'Bearer abc$',
    'Bearer ../../etc',
    'ApiKey <script>',
    'Bearer ' + 'a'.repeat(513),
    'Bearer\tabc',
    'Bearerabc',
  ])('refuses %j with 401', (header) => {
    expect(() => parseAuthorization(header)).toThrow(
      expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }),
    );
  });
});

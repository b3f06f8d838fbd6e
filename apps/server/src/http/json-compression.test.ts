import { describe, expect, it } from 'vitest';
import { pickCoding } from './json-compression.js';

describe('pickCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate, zstd', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP;Q=1, BR;Q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
  ])('Accept-Encoding %j → %s', (header, coding) => {
    expect(pickCoding(header)).toBe(coding);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { formatRangeHeader, parseRangeHeader, resolveByteRange } from './byte-range.js';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5 }],
    ['bytes=-3', { suffixLength: 3 }],
    [' bytes=1-1 ', { start: 1, end: 1 }],
  ])('parses %j', (header, expected) => {
    expect(parseRangeHeader(header)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'items=0-1',
    'bytes=0-1,3-4',
    'bytes=9-2',
    'bytes=a-b',
  ])('ignores %j (whole body is served)', (header) => {
    expect(parseRangeHeader(header)).toBeNull();
  });
});

describe('resolveByteRange', () => {
  it('clamps the end and resolves suffixes against the size', () => {
    expect(resolveByteRange({ start: 2, end: 100 }, 10)).toEqual({ start: 2, end: 9 });
    expect(resolveByteRange({ start: 4 }, 10)).toEqual({ start: 4, end: 9 });
    expect(resolveByteRange({ suffixLength: 3 }, 10)).toEqual({ start: 7, end: 9 });
    expect(resolveByteRange({ suffixLength: 30 }, 10)).toEqual({ start: 0, end: 9 });
  });

  it.each([
    [{ start: 10 }, 10],
    [{ start: 0 }, 0],
    [{ suffixLength: 0 }, 10],
    [{ start: 5, end: 4 }, 10],
  ])('refuses %j of a %i-byte object with 416 and Content-Range', (range, size) => {
    const error = (() => {
      try {
        resolveByteRange(range, size);
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RANGE_NOT_SATISFIABLE');
    expect((error as AppError).headers).toEqual({ 'Content-Range': `bytes */${size}` });
  });

  it('formats the header storage expects', () => {
    expect(formatRangeHeader({ start: 1, end: 2 })).toBe('bytes=1-2');
    expect(formatRangeHeader({ start: 1 })).toBe('bytes=1-');
    expect(formatRangeHeader({ suffixLength: 4 })).toBe('bytes=-4');
  });
});

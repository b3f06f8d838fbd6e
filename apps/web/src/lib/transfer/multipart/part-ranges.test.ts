import { MULTIPART_PART_SIZE } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { needsMultipart, partRanges } from './part-ranges';

describe('needsMultipart', () => {
  it('is true only above one part (5 MiB by default)', () => {
    expect(MULTIPART_PART_SIZE).toBe(5 * 1024 * 1024);
    expect(needsMultipart(MULTIPART_PART_SIZE)).toBe(false);
    expect(needsMultipart(MULTIPART_PART_SIZE + 1)).toBe(true);
    expect(needsMultipart(0)).toBe(false);
    expect(needsMultipart(11, 10)).toBe(true);
    expect(needsMultipart(10, 10)).toBe(false);
  });
});

describe('partRanges', () => {
  it('cuts parts of partSize with a shorter last part', () => {
    expect(partRanges(12, 5)).toEqual([
      { partNumber: 1, start: 0, end: 5, size: 5 },
      { partNumber: 2, start: 5, end: 10, size: 5 },
      { partNumber: 3, start: 10, end: 12, size: 2 },
    ]);
  });

  it('has no empty tail when the size is a multiple of the part size', () => {
    expect(partRanges(10, 5).map((part) => part.size)).toEqual([5, 5]);
  });

  it('makes one empty part of an empty file (storage needs at least one)', () => {
    expect(partRanges(0, 5)).toEqual([{ partNumber: 1, start: 0, end: 0, size: 0 }]);
  });

  it('covers a 5 GB file in 5 MiB parts without gaps', () => {
    const size = 5 * 1000 ** 3;
    const parts = partRanges(size);
    expect(parts).toHaveLength(Math.ceil(size / MULTIPART_PART_SIZE));
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(size);
    expect(parts.at(-1)?.end).toBe(size);
    expect(parts.every((part, index) => index === 0 || part.start === parts[index - 1]?.end)).toBe(
      true,
    );
  });

  it.each([
    [-1, 5],
    [1.5, 5],
    [10, 0],
    [10, -5],
    [10, Number.NaN],
  ])('rejects size %s with part size %s', (size, partSize) => {
    expect(() => partRanges(size, partSize)).toThrow(RangeError);
  });
});

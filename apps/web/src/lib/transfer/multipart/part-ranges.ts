import { MULTIPART_PART_SIZE } from '@pasteport/contract/plain';

/** One part's byte range [start, end) of the file; part numbers start at 1. */
export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
  size: number;
}

/** Whether a file is big enough to be sent in parts rather than in one request. */
export function needsMultipart(size: number, partSize: number = MULTIPART_PART_SIZE): boolean {
  return size > partSize;
}

/**
 * Splits a file into parts of partSize bytes (the last one shorter). An empty file is one
 * empty part, because storage needs at least one part to assemble an object.
 */
export function partRanges(size: number, partSize: number = MULTIPART_PART_SIZE): PartRange[] {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid file size ${size}`);
  if (!Number.isSafeInteger(partSize) || partSize <= 0) {
    throw new RangeError(`invalid part size ${partSize}`);
  }
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, index) => {
    const start = index * partSize;
    const end = Math.min(size, start + partSize);
    return { partNumber: index + 1, start, end, size: end - start };
  });
}

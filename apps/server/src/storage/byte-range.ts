import { AppError } from '../lib/app-error.js';
import type { ByteRangeRequest, ServedRange } from './storage-driver.js';

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Parses an HTTP Range header into one range. Returns null when the header is absent,
 * malformed, not in bytes or asks for several ranges: RFC 9110 lets a server then answer 200
 * with the whole body, which is what S3 does too.
 */
export function parseRangeHeader(header: string | undefined): ByteRangeRequest | null {
  if (header === undefined) return null;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (![first, last].every((n) => n === '' || Number.isSafeInteger(Number(n)))) return null;
  if (first === '') return { suffixLength: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}

/**
 * Resolves a requested range against an object's size (ends clamped, both inclusive).
 * Throws RANGE_NOT_SATISFIABLE, with the Content-Range an HTTP 416 needs, when no byte of
 * the object is inside the range.
 */
export function resolveByteRange(request: ByteRangeRequest, size: number): ServedRange {
  const unsatisfiable = (): never => {
    throw new AppError('RANGE_NOT_SATISFIABLE', 'the requested range is not satisfiable', {
      headers: { 'Content-Range': `bytes */${size}` },
    });
  };
  if ('suffixLength' in request) {
    checkOffset(request.suffixLength);
    if (request.suffixLength === 0 || size === 0) unsatisfiable();
    return { start: Math.max(0, size - request.suffixLength), end: size - 1 };
  }
  checkOffset(request.start);
  if (request.end !== undefined) checkOffset(request.end);
  if (request.start >= size) unsatisfiable();
  if (request.end !== undefined && request.end < request.start) unsatisfiable();
  return { start: request.start, end: Math.min(request.end ?? size - 1, size - 1) };
}

/** The HTTP Range header value that asks storage for exactly this request. */
export function formatRangeHeader(request: ByteRangeRequest): string {
  if ('suffixLength' in request) return `bytes=-${request.suffixLength}`;
  return `bytes=${request.start}-${request.end ?? ''}`;
}

function checkOffset(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new AppError('VALIDATION_FAILED', 'range offsets must be non-negative integers', {
      details: [{ field: 'range', rule: 'integer', message: 'not a non-negative integer' }],
    });
  }
}

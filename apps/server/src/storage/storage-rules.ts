import { AppError } from '../lib/app-error.js';
import type { CompletedPart, DeleteResult } from './storage-driver.js';

/** S3's ceiling on presigned URL lifetime (one week); no driver signs for longer. */
export const MAX_PRESIGN_EXPIRY_SECONDS = 604_800;
/** Expiry used when neither the caller nor the storage config names one. */
export const DEFAULT_PRESIGN_EXPIRY_SECONDS = 3_600;
/** S3's multipart limits, shared by every driver so an upload plan works everywhere. */
export const MULTIPART_MIN_PART_SIZE = 5 * 1024 * 1024;
export const MULTIPART_MAX_PART_SIZE = 5 * 1024 * 1024 * 1024;
export const MULTIPART_MAX_PART_COUNT = 10_000;
/** Page size ceiling of list(), as in S3's ListObjectsV2. */
export const LIST_MAX_LIMIT = 1000;

function invalid(field: string, rule: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { details: [{ field, rule, message }] });
}

/** The expiry to sign for, in seconds: the request's, else the driver default, within 1 s–7 d. */
export function resolveExpirySeconds(requested: number | undefined, fallback: number): number {
  const seconds = requested ?? fallback;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_PRESIGN_EXPIRY_SECONDS) {
    invalid('expiresInSeconds', 'range', `expiry must be 1..${MAX_PRESIGN_EXPIRY_SECONDS} s`);
  }
  return seconds;
}

/** The page size of list(): default and ceiling 1000, as in S3. */
export function resolveListLimit(limit: number | undefined): number {
  const value = limit ?? LIST_MAX_LIMIT;
  if (!Number.isSafeInteger(value) || value < 1 || value > LIST_MAX_LIMIT) {
    invalid('limit', 'range', `limit must be 1..${LIST_MAX_LIMIT}`);
  }
  return value;
}

/** Checks a part number is 1..10,000. */
export function validatePartNumber(partNumber: number): number {
  if (!Number.isSafeInteger(partNumber) || partNumber < 1) {
    invalid('partNumber', 'range', `part number must be 1..${MULTIPART_MAX_PART_COUNT}`);
  }
  if (partNumber > MULTIPART_MAX_PART_COUNT) {
    invalid('partNumber', 'range', `part number must be 1..${MULTIPART_MAX_PART_COUNT}`);
  }
  return partNumber;
}

/** Checks a content length is a non-negative integer. */
export function validateContentLength(length: number | undefined): void {
  if (length === undefined) return;
  if (!Number.isSafeInteger(length) || length < 0) {
    invalid('contentLength', 'integer', 'content length must be a non-negative integer');
  }
}

/** ETags travel quoted in HTTP ("…") and sometimes weak (W/"…"); the port uses them bare. */
export function bareEtag(etag: string): string {
  return etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

/** Checks the part list of completeMultipart: non-empty, strictly ascending, valid numbers. */
export function validateCompletedParts(parts: readonly CompletedPart[]): CompletedPart[] {
  if (parts.length === 0) invalid('parts', 'min', 'at least one part is required');
  let previous = 0;
  return parts.map((part) => {
    validatePartNumber(part.partNumber);
    if (part.partNumber <= previous) {
      invalid('parts', 'ascending', 'parts must be listed in strictly ascending order');
    }
    previous = part.partNumber;
    const etag = bareEtag(part.etag);
    if (etag === '') invalid('parts', 'etag', `part ${part.partNumber} has no ETag`);
    return { partNumber: part.partNumber, etag };
  });
}

/** The per-key failure entry of deleteMany(), from whatever was thrown for that key. */
export function deleteFailure(key: string, error: unknown): DeleteResult {
  if (error instanceof AppError)
    return { key, ok: false, code: error.code, message: error.message };
  return { key, ok: false, code: 'INTERNAL', message: 'delete failed' };
}

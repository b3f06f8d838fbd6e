import { MULTIPART_MAX_PARTS } from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';
import type { StorageDriver } from './storage-driver.js';

/*
 * How a multipart upload of a declared size splits into parts, and the part URLs a browser
 * PUTs to: shared by file-share uploads and the file system's, so both sign every part for
 * its exact length.
 */

/** Full parts of `partSize`, then the remainder in the last (an empty file is one part). */
export function partLayout(size: number, partSize: number): { partSize: number; count: number } {
  return { partSize, count: Math.max(1, Math.ceil(size / partSize)) };
}

/** The exact length of part `partNumber`. */
export function partLength(size: number, partSize: number, partNumber: number): number {
  const { count } = partLayout(size, partSize);
  return partNumber < count ? partSize : size - (count - 1) * partSize;
}

/**
 * Checks a part size against what the driver accepts and returns the part count; 400 naming
 * `field` (the request's own name for the part size) otherwise.
 */
export function checkPartPlan(
  driver: StorageDriver,
  size: number,
  partSize: number,
  field: string,
): number {
  const { minPartSize, maxPartSize, maxPartCount } = driver.capabilities;
  const { count } = partLayout(size, partSize);
  if (count > 1 && (partSize < minPartSize || partSize > maxPartSize)) {
    throw new AppError('VALIDATION_FAILED', `${field} must be ${minPartSize}–${maxPartSize}`, {
      details: [{ field, rule: 'range', message: 'outside what storage accepts' }],
    });
  }
  if (count > Math.min(maxPartCount, MULTIPART_MAX_PARTS)) {
    throw new AppError('VALIDATION_FAILED', `the file needs ${count} parts; use bigger parts`, {
      details: [{ field, rule: 'part_count', message: 'too many parts' }],
    });
  }
  return count;
}

/** A URL per part, each signed for its part's exact length, and the headers they need. */
export async function presignPartTargets(
  driver: StorageDriver,
  key: string,
  uploadId: string,
  size: number,
  partSize: number,
) {
  const { count } = partLayout(size, partSize);
  const targets: { partNumber: number; url: string }[] = [];
  let headers: Record<string, string> = {};
  let expiresAt = new Date();
  for (let partNumber = 1; partNumber <= count; partNumber++) {
    // Nothing beyond the declared size, which init checked against the limits, can be staged.
    const signed = await driver.presignPart(key, uploadId, partNumber, {
      contentLength: partLength(size, partSize, partNumber),
    });
    targets.push({ partNumber, url: signed.url });
    headers = signed.headers;
    expiresAt = signed.expiresAt;
  }
  return { partSize, count, targets, headers, expiresAt };
}

import type { InsufficientStorage } from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';
import type { StorageConfigRow } from '../storage/registry.js';

// The size refusals every upload mode (files, URL import) answers with.

/** SPEC §8: a file beyond the largest upload allowed. */
export function tooLarge(max: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `the file is larger than the ${max} bytes allowed`, {
    details: [{ field: 'file', rule: 'max_upload_size', message: `at most ${max} bytes` }],
  });
}

/** SPEC §8: "insufficient storage" with the file size, the space left and the capacity. */
export function insufficientStorage(
  config: Pick<StorageConfigRow, 'quota_bytes'>,
  size: number,
  remaining: number,
): AppError {
  const data: InsufficientStorage = {
    file_size: size,
    remaining,
    total_capacity: config.quota_bytes ?? 0,
  };
  return new AppError(
    'INSUFFICIENT_STORAGE',
    `insufficient storage: the file needs ${size} bytes, ${remaining} of ${data.total_capacity} are left`,
    { data },
  );
}

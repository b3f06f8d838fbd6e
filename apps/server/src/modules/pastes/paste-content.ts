import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';

/** Paste size as the limit counts it: UTF-8 bytes. */
export function sizeOf(content: string): number {
  return Buffer.byteLength(content, 'utf8');
}

/** The 10 MB limit and the 413 that names it. */
export const EDITOR_LIMIT_ERROR = {
  limit: EDITOR_CONTENT_MAX_BYTES,
  error: (size: number) =>
    new AppError(
      'PAYLOAD_TOO_LARGE',
      `content is ${size} bytes; the limit is ${EDITOR_CONTENT_MAX_BYTES} bytes (10 MB)`,
    ),
};

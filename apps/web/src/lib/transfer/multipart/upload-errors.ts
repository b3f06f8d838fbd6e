import { chunkErrorOf, transferFailureOf } from './transfer-error';
import type { ChunkError, UploadError } from './types';

/** Stable codes of an illegal state transition, for callers that branch on them. */
export type UploaderStateErrorCode =
  'NOT_IDLE' | 'NOT_UPLOADING' | 'NOT_PAUSED' | 'NOT_RETRYABLE' | 'NOT_ABORTABLE';

const STATE_ERROR_MESSAGES: Record<UploaderStateErrorCode, string> = {
  NOT_IDLE: 'only idle uploads can be started',
  NOT_UPLOADING: 'only uploading uploads can be paused',
  // SPEC §4, word for word.
  NOT_PAUSED: 'only paused uploads can be resumed',
  NOT_RETRYABLE: 'only paused or failed uploads can be retried',
  NOT_ABORTABLE: 'only unfinished uploads can be cancelled',
};

/** Raised synchronously by a method called in a state that does not allow it. */
export class UploaderStateError extends Error {
  override readonly name = 'UploaderStateError';
  readonly code: UploaderStateErrorCode;

  constructor(code: UploaderStateErrorCode) {
    super(STATE_ERROR_MESSAGES[code]);
    this.code = code;
  }
}

/** The server's description of the upload is missing something the upload needs. */
export class IncompleteUploadError extends Error {
  override readonly name = 'IncompleteUploadError';

  constructor(detail: string) {
    super(`Upload info incomplete: ${detail}`);
  }
}

/** SPEC §8 upload messages (English, for logs; the UI translates the code). */
const MESSAGES = {
  network: 'network error, check connection',
  timeout: 'request timed out',
  cancelled: 'request cancelled by user',
  incomplete: 'Upload info incomplete',
  parts_failed: 'some parts failed',
} as const;

function fromChunkError(error: ChunkError): UploadError {
  if (error.code === 'http') {
    return { code: 'http', status: error.status, message: `HTTP error ${error.status ?? 0}` };
  }
  return { code: error.code, message: MESSAGES[error.code] };
}

/**
 * The upload error for anything a step (init, resume, complete) rejected with. An answer
 * the transport could not read (not a transfer failure) means the upload info is incomplete.
 */
export function uploadErrorOf(error: unknown): UploadError {
  const chunkError =
    error instanceof IncompleteUploadError ? null : chunkErrorOf(transferFailureOf(error));
  return chunkError
    ? fromChunkError(chunkError)
    : { code: 'incomplete', message: MESSAGES.incomplete };
}

/** 'some parts failed', carrying the first failed part's reason for a precise message. */
export function partsFailedError(
  failedParts: readonly { error: ChunkError | null }[],
): UploadError {
  const cause = failedParts.find((part) => part.error !== null)?.error ?? undefined;
  return cause
    ? { code: 'parts_failed', message: MESSAGES.parts_failed, cause }
    : { code: 'parts_failed', message: MESSAGES.parts_failed };
}

/** The error an upload cancelled by its user ends with. */
export function cancelledError(): UploadError {
  return { code: 'cancelled', message: MESSAGES.cancelled };
}

/** Whether an upload error came from the connection (and so may heal when it returns). */
export function isConnectionError(error: { code: string }): boolean {
  return error.code === 'network' || error.code === 'timeout';
}

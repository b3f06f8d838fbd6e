import { isApiError } from '../../api';
import type { ChunkError } from './types';

/** How one request failed. 'network' includes CORS refusals: browsers report both as status 0. */
export type TransferErrorKind = 'http' | 'network' | 'timeout' | 'abort';

/** The typed failure of one upload request; status is the HTTP status, 0 when there was none. */
export class TransferError extends Error {
  override readonly name = 'TransferError';
  readonly kind: TransferErrorKind;
  readonly status: number;
  /** From a Retry-After header, when the server sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(kind: TransferErrorKind, status = 0, retryAfterMs?: number) {
    super(kind === 'http' ? `HTTP error ${status}` : `upload request failed: ${kind}`);
    this.kind = kind;
    this.status = kind === 'http' ? status : 0;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A failure reduced to what retry decisions and messages need. 'invalid' is anything that
 * is not a transfer failure at all, such as a server answer that failed its schema.
 */
export interface TransferFailure {
  kind: TransferErrorKind | 'invalid';
  status: number;
  retryAfterMs?: number | undefined;
}

function statusOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || !('status' in value)) return undefined;
  const { status } = value;
  return typeof status === 'number' && Number.isInteger(status) && status > 0 ? status : undefined;
}

/**
 * Reads any rejection (TransferError, the API client's ApiError, DOMException, fetch's
 * TypeError — what fetch throws when the connection drops) as a TransferFailure.
 */
export function transferFailureOf(error: unknown): TransferFailure {
  if (error instanceof TransferError) {
    return { kind: error.kind, status: error.status, retryAfterMs: error.retryAfterMs };
  }
  if (isApiError(error)) {
    const retryAfterMs =
      error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
    if (error.kind === 'http') return { kind: 'http', status: error.status ?? 0, retryAfterMs };
    if (error.kind === 'aborted') return { kind: 'abort', status: 0 };
    // Transfers are never queued offline; were one, it would wait like a dropped connection.
    return { kind: error.kind === 'queued' ? 'network' : error.kind, status: 0 };
  }
  if (error instanceof DOMException) {
    if (error.name === 'AbortError') return { kind: 'abort', status: 0 };
    if (error.name === 'TimeoutError') return { kind: 'timeout', status: 0 };
  }
  const status = statusOf(error);
  if (status !== undefined) return { kind: 'http', status };
  if (error instanceof TypeError) return { kind: 'network', status: 0 };
  return { kind: 'invalid', status: 0 };
}

/** Network trouble, timeouts, 408, 429 and 5xx may pass; any other 4xx will not. */
export function isRetryable(failure: TransferFailure): boolean {
  if (failure.kind === 'network' || failure.kind === 'timeout') return true;
  if (failure.kind !== 'http') return false;
  return failure.status === 408 || failure.status === 429 || failure.status >= 500;
}

/** Failures that may come from losing the connection (and so may not be the part's fault). */
export function isConnectionFailure(failure: TransferFailure): boolean {
  return failure.kind === 'network' || failure.kind === 'timeout';
}

/** The SPEC §8 chunk error for a failure; null when it is none of them ('invalid'). */
export function chunkErrorOf(failure: TransferFailure): ChunkError | null {
  if (failure.kind === 'invalid') return null;
  if (failure.kind === 'http') return { code: 'http', status: failure.status };
  return { code: failure.kind === 'abort' ? 'cancelled' : failure.kind };
}

/** The server no longer knows the upload (swept, aborted elsewhere): start a new one. */
export function isGone(failure: TransferFailure): boolean {
  return failure.kind === 'http' && (failure.status === 404 || failure.status === 410);
}

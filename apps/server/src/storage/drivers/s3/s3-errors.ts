import { AppError } from '../../../lib/app-error.js';

interface SdkErrorShape {
  name?: string;
  message?: string;
  /** A socket error's errno name (ECONNRESET, EPIPE …). */
  code?: unknown;
  $metadata?: { httpStatusCode?: number };
}

function shape(error: unknown): SdkErrorShape {
  return typeof error === 'object' && error !== null ? error : {};
}

/** True when S3 said the object or upload does not exist. */
export function isS3NotFound(error: unknown): boolean {
  const { name, $metadata } = shape(error);
  return (
    name === 'NotFound' ||
    name === 'NoSuchKey' ||
    name === 'NoSuchUpload' ||
    $metadata?.httpStatusCode === 404
  );
}

/** True for an abort the caller asked for; such errors pass through unchanged. */
export function isAbort(error: unknown): boolean {
  return shape(error).name === 'AbortError';
}

/**
 * Maps an SDK failure to the domain error, keeping the SDK error as cause. A missing bucket
 * is UPSTREAM_FAILED, not NOT_FOUND: it is a storage misconfiguration, not an absent object.
 */
export function mapS3Error(error: unknown, what: string): unknown {
  if (error instanceof AppError || isAbort(error)) return error;
  const { name = 'Error', message = '', $metadata } = shape(error);
  const status = $metadata?.httpStatusCode;
  const options = { cause: error };
  switch (name) {
    case 'NoSuchBucket':
      return new AppError('UPSTREAM_FAILED', `bucket does not exist (${what})`, options);
    case 'NoSuchUpload':
      return new AppError('NOT_FOUND', `multipart upload not found (${what})`, options);
    case 'NotFound':
    case 'NoSuchKey':
      return new AppError('NOT_FOUND', `object not found: ${what}`, options);
    case 'InvalidRange':
      return new AppError(
        'RANGE_NOT_SATISFIABLE',
        'the requested range is not satisfiable',
        options,
      );
    case 'InvalidPart':
    case 'InvalidPartOrder':
    case 'EntityTooSmall':
      return new AppError('VALIDATION_FAILED', `${name}: ${message}`, {
        ...options,
        details: [{ field: 'parts', rule: name, message }],
      });
    case 'PreconditionFailed':
      return new AppError('PRECONDITION_FAILED', 'storage precondition failed', options);
    case 'TimeoutError':
      return new AppError('UPSTREAM_TIMEOUT', `storage did not answer in time (${what})`, options);
  }
  if (status === 404) return new AppError('NOT_FOUND', `not found: ${what}`, options);
  if (status === 416) {
    return new AppError('RANGE_NOT_SATISFIABLE', 'the requested range is not satisfiable', options);
  }
  // Only the error's name, its errno or Node code and the HTTP status join the answer: a socket
  // error's message may name internal hosts. The status tells a storage that answered 5xx with a
  // body the SDK could not read (its error is then a bare `Error`) from one that never answered.
  const { code } = shape(error);
  const parts = [name];
  if (typeof code === 'string' && /^(E[A-Z]+|ERR_[A-Z0-9_]+)$/.test(code)) parts.push(code);
  if (typeof status === 'number') parts.push(`HTTP ${status}`);
  return new AppError(
    'UPSTREAM_FAILED',
    `storage request failed: ${parts.join(' ')} (${what})`,
    options,
  );
}

import type { StorageTestReason } from '@pasteport/contract';
import { isAppError } from '../../lib/app-error.js';

/** A storage failure sorted into a reason the admin can act on, with the storage's own words. */
export interface ClassifiedFailure {
  reason: StorageTestReason;
  detail: string | null;
}

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  Code?: unknown;
  message?: unknown;
  cause?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

const shape = (value: unknown): ErrorShape =>
  typeof value === 'object' && value !== null ? value : {};

/** S3 error names (and Node errno codes) by the reason they stand for. */
const REASON_BY_NAME: Record<string, StorageTestReason> = {
  InvalidAccessKeyId: 'invalid_credentials',
  SignatureDoesNotMatch: 'invalid_credentials',
  InvalidToken: 'invalid_credentials',
  ExpiredToken: 'invalid_credentials',
  InvalidSecurity: 'invalid_credentials',
  AccessDenied: 'access_denied',
  AllAccessDisabled: 'access_denied',
  Forbidden: 'access_denied',
  NoSuchBucket: 'bucket_missing',
  PermanentRedirect: 'wrong_region',
  AuthorizationHeaderMalformed: 'wrong_region',
  IllegalLocationConstraintException: 'wrong_region',
  TimeoutError: 'timeout',
  RequestTimeout: 'timeout',
  ECONNREFUSED: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ECONNRESET: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  CERT_HAS_EXPIRED: 'unreachable',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'unreachable',
  SELF_SIGNED_CERT_IN_CHAIN: 'unreachable',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unreachable',
  ERR_TLS_CERT_ALTNAME_INVALID: 'unreachable',
};

/** Filesystem errors that mean the local root is missing or closed to this process. */
const LOCAL_ROOT_CODES = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS']);

/** The chain of causes, outermost first (AppError → SDK error → socket error). */
function causes(error: unknown): ErrorShape[] {
  const chain: ErrorShape[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 5) {
    chain.push(shape(current));
    current = shape(current).cause;
  }
  return chain;
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Sorts a failure of a storage call into a reason. Looks through the causes for the S3 error
 * name, HTTP status or socket error code; local disk failures become `local_root`.
 */
export function classifyStorageError(error: unknown, driver: 'local' | 's3'): ClassifiedFailure {
  const chain = causes(error);
  const innermost = chain.at(-1) ?? {};
  const name = str(innermost.name);
  const message = str(innermost.message);
  const detail =
    name && name !== 'Error' ? `${name}${message ? `: ${message}` : ''}` : (message ?? null);
  for (const link of chain) {
    for (const key of [link.code, link.Code, link.name]) {
      const id = str(key);
      if (!id) continue;
      if (driver === 'local' && LOCAL_ROOT_CODES.has(id)) return { reason: 'local_root', detail };
      const reason = REASON_BY_NAME[id];
      if (reason) return { reason, detail };
    }
  }
  for (const link of chain) {
    const status = link.$metadata?.httpStatusCode;
    if (status === 403) return { reason: 'access_denied', detail };
    if (status === 301) return { reason: 'wrong_region', detail };
  }
  if (isAppError(error) && error.code === 'UPSTREAM_TIMEOUT') return { reason: 'timeout', detail };
  // The local driver answers SERVICE_UNAVAILABLE when its root folder is missing.
  if (driver === 'local' && isAppError(error) && error.code === 'SERVICE_UNAVAILABLE') {
    return { reason: 'local_root', detail };
  }
  return { reason: 'other', detail };
}

/**
 * Sorts a failure known only by its words: a per-key delete failure ("AccessDenied: …") or a
 * health probe's error ("InvalidAccessKeyId: …"), which carry the error name, not the error.
 * Every local-disk probe failure is about its root folder.
 */
export function classifyFailureText(text: string, driver: 'local' | 's3'): ClassifiedFailure {
  for (const [name, reason] of Object.entries(REASON_BY_NAME)) {
    if (new RegExp(`\\b${name}\\b`).test(text)) {
      return { reason, detail: text };
    }
  }
  return { reason: driver === 'local' ? 'local_root' : 'other', detail: text };
}

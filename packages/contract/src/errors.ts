/**
 * Stable machine error codes. The server puts one in `error` on every failed response; the web
 * app chooses its translated message by this code and never by parsing `message`.
 * Each code carries the HTTP status it is answered with.
 */
export const ERROR_CODES = {
  /** Request body, query or params failed validation; `details` names each field and rule. */
  VALIDATION_FAILED: 400,
  /** The body is not valid JSON (or not valid for its declared type). */
  MALFORMED_BODY: 400,
  /** No credentials, or credentials that are invalid or expired. */
  UNAUTHORIZED: 401,
  /** A share password is missing or wrong. */
  PASSWORD_INVALID: 401,
  /** Login: the username or password is wrong (which one is never said). */
  INVALID_CREDENTIALS: 401,
  /** The admin session token is unknown, revoked or expired: log in again. */
  SESSION_INVALID: 401,
  /** The API key is unknown, deleted or expired. */
  API_KEY_INVALID: 401,
  /** Change password: the current password is wrong. */
  CURRENT_PASSWORD_INVALID: 401,
  /** Authenticated, but this identity may not do this. */
  FORBIDDEN: 403,
  /** Only the administrator may do this (an API key was presented). */
  ADMIN_ONLY: 403,
  /** The API key lacks the text, file or mount permission this needs. */
  PERMISSION_DENIED: 403,
  /** The path lies outside the API key's basic path. */
  PATH_FORBIDDEN: 403,
  /** A write into a read-only mount, or by an API key whose mount permission is read-only. */
  READ_ONLY: 403,
  /** A pending upload's later step came without its init's upload secret, or with another. */
  UPLOAD_SECRET_INVALID: 403,
  /** The URL does not name an API route. */
  ROUTE_NOT_FOUND: 404,
  /** The thing the request names does not exist. */
  NOT_FOUND: 404,
  /** The HTTP method is not allowed on this resource. */
  METHOD_NOT_ALLOWED: 405,
  /** A slug or name is already taken. */
  SLUG_TAKEN: 409,
  /** The request conflicts with the current state (e.g. still in use). */
  CONFLICT: 409,
  /** A custom API key (or a username) is already in use. */
  ALREADY_EXISTS: 409,
  /** A request with the same Idempotency-Key is still running; retry after `Retry-After`. */
  IDEMPOTENCY_IN_PROGRESS: 409,
  /** The share existed but has expired or used up its views. */
  GONE: 410,
  /** A precondition header (If-Match, signed URL expiry) did not hold. */
  PRECONDITION_FAILED: 412,
  /** The body or file is larger than allowed. */
  PAYLOAD_TOO_LARGE: 413,
  /** The request Content-Type is not accepted by this route. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The requested byte range cannot be served. */
  RANGE_NOT_SATISFIABLE: 416,
  /** The Idempotency-Key was already used for another request (method, path or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** Too many attempts; `Retry-After` says when to try again. */
  RATE_LIMITED: 429,
  /** An unexpected server fault; details are only in the server log under the request id. */
  INTERNAL: 500,
  /** An upstream service (storage, remote URL) answered badly. */
  UPSTREAM_FAILED: 502,
  /** A dependency (database, storage) is down. */
  SERVICE_UNAVAILABLE: 503,
  /** An upstream service did not answer in time. */
  UPSTREAM_TIMEOUT: 504,
  /** The storage quota would be exceeded. */
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every error code, for exhaustive checks (e.g. both locales translate each one). */
export const ALL_ERROR_CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The HTTP status an error code is answered with. */
export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** Type guard for strings that arrive over the wire. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
}

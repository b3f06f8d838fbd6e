import { statusOf, type ErrorCode, type ValidationIssue } from '@pasteport/contract';

/**
 * The one domain error. Services throw it with a stable code; the HTTP error mapper turns it
 * into the envelope. `message` is plain English for API users; the web app translates `code`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ValidationIssue[] | undefined;
  /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
  readonly headers: Record<string, string> | undefined;
  /** Diagnostic data a route documents for this error (e.g. the numbers of a 507). */
  readonly data: unknown;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      details?: ValidationIssue[];
      headers?: Record<string, string>;
      data?: unknown;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf(code);
    this.details = options.details;
    this.headers = options.headers;
    this.data = options.data ?? null;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

import type { ValidationIssue } from '@pasteport/contract';
import { isErrorCode, isRecord, type ErrorCode } from '@pasteport/contract/plain';
import type { ErrorContext as RequestContext } from '@pasteport/contract/plain';
import type { CredentialKind } from './credentials';

/**
 * How a call failed: an HTTP answer, our timeout, the caller's cancel, no answer at all, or
 * not sent because the device is offline and the request was queued to be sent later (SPEC
 * §7 offline replay).
 */
export type ApiErrorKind = 'http' | 'timeout' | 'aborted' | 'network' | 'queued';

/** fetch for ordinary calls; XMLHttpRequest for uploads with progress (different messages). */
export type ApiTransport = 'fetch' | 'upload';

/** Everything an ApiError carries; all but kind, context and transport are optional. */
export interface ApiErrorInit {
  kind: ApiErrorKind;
  context: RequestContext;
  transport: ApiTransport;
  method: string;
  url: string;
  status?: number;
  code?: ErrorCode;
  details?: ValidationIssue[];
  serverMessage?: string;
  requestId?: string;
  credentialKind?: CredentialKind;
  authHandlingFailed?: boolean;
  retryAfterSeconds?: number;
  /** The failed answer's `data`, e.g. a 507's numbers (file size, space left, capacity). */
  data?: unknown;
}

/**
 * The one error type the API layer raises. UI code never shows `message` (English, for logs);
 * it calls describeApiError, which picks a translated text from kind, status and code.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly context: RequestContext;
  readonly transport: ApiTransport;
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  /** The server's machine code (`error` field), only when it is one the contract knows. */
  readonly code: ErrorCode | undefined;
  readonly details: ValidationIssue[] | undefined;
  /** The server's English prose; a last resort when there is no code. */
  readonly serverMessage: string | undefined;
  readonly requestId: string | undefined;
  /** The credential the failed request carried, if any. */
  readonly credentialKind: CredentialKind | undefined;
  /** True when the 401 logout hook itself threw. */
  readonly authHandlingFailed: boolean;
  /** Seconds to wait before trying again, from a Retry-After header (429, 503). */
  readonly retryAfterSeconds: number | undefined;
  /** The failed answer's `data`, when it had one (a 507 carries the numbers its message shows). */
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(summarise(init));
    this.kind = init.kind;
    this.context = init.context;
    this.transport = init.transport;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.serverMessage = init.serverMessage;
    this.requestId = init.requestId;
    this.credentialKind = init.credentialKind;
    this.authHandlingFailed = init.authHandlingFailed ?? false;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.data = init.data;
  }
}

function summarise(init: ApiErrorInit): string {
  const what = init.kind === 'http' ? `HTTP ${init.status ?? '?'}` : init.kind;
  const code = init.code ? ` ${init.code}` : '';
  return `${what}${code} on ${init.method} ${init.url}`;
}

/** Type guard usable on anything a promise rejected with. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const SUCCESS_CODES = new Set<unknown>([200, 201, 202]);

/** The parts of a failed body that ApiError keeps; unknown codes are dropped, not guessed at. */
export function errorFieldsOf(
  body: unknown,
): Pick<ApiErrorInit, 'code' | 'details' | 'serverMessage' | 'requestId' | 'data'> {
  if (typeof body === 'string') return { serverMessage: body.trim() || undefined };
  if (!isRecord(body)) return {};
  const message =
    typeof body.message === 'string' && body.message.trim() ? body.message : undefined;
  return {
    code: isErrorCode(body.error) ? body.error : undefined,
    details: Array.isArray(body.details) ? (body.details as ValidationIssue[]) : undefined,
    serverMessage: message,
    requestId: typeof body.requestId === 'string' ? body.requestId : undefined,
    data: body.data,
  };
}

/** The outcome of applying SPEC §8's envelope rule to one response. */
export type Interpreted = { ok: true; data: unknown } | { ok: false };

/**
 * SPEC §8: a body with a `code` field succeeds only with 200/201/202 (and a 2xx status);
 * a body without one succeeds exactly when the status is 2xx. Success yields `data` for
 * envelopes and the whole body otherwise.
 */
export function interpretResponse(status: number, body: unknown): Interpreted {
  const statusOk = status >= 200 && status < 300;
  if (isRecord(body) && 'code' in body) {
    return statusOk && SUCCESS_CODES.has(body.code) ? { ok: true, data: body.data } : { ok: false };
  }
  return statusOk ? { ok: true, data: body } : { ok: false };
}

/**
 * Reads a Retry-After header: delay seconds or an HTTP date (RFC 9110 §10.2.3), as whole
 * seconds from `now`; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

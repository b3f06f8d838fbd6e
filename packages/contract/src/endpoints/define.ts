import { z } from 'zod';
import { IDEMPOTENCY_KEY_METHODS } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import type { RouteInfo } from './routes.js';

/** A JSON body, validated with its schema before the route runs. */
export interface JsonBody<S extends z.ZodType = z.ZodType> {
  readonly kind: 'json';
  readonly schema: S;
  /** The body may be left out; it is then validated as `{}`. */
  readonly optional?: true;
}

/** A body read as a stream by the route itself (files, parts); never parsed as JSON. */
export interface StreamBody {
  readonly kind: 'stream';
  readonly contentType: string;
  readonly description: string;
  /** The form fields, for multipart/form-data (documentation; the route reads them itself). */
  readonly fields?: z.ZodType;
}

/** A JSON answer in the success envelope (`data` has the schema). */
export interface JsonAnswer<S extends z.ZodType = z.ZodType> {
  readonly kind: 'json';
  readonly status: 200 | 201 | 202;
  readonly schema: S;
}

/** Content (a file, raw text, a page): not JSON; `statuses` lists what it may answer. */
export interface ContentAnswer {
  readonly kind: 'content';
  readonly contentTypes: readonly string[];
  readonly description: string;
  readonly statuses?: readonly number[];
}

/** One /api route: where it is, who may call it, what it takes, answers and may fail with. */
export interface Endpoint extends RouteInfo {
  readonly summary: string;
  /** The group it is listed under in the API reference. */
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: JsonBody | StreamBody;
  readonly answer: JsonAnswer | ContentAnswer;
  /**
   * The error codes of the route's own rules. Those every route of its kind may answer (the
   * access check, validation of what it takes, a malformed body, INTERNAL) are added by
   * `errorsOf`.
   */
  readonly errors: readonly ErrorCode[];
}

type Spec = Omit<Endpoint, keyof RouteInfo>;

/** A table entry: the route's plain half (routes.ts) plus its schemas and documentation. */
export function endpoint<const R extends RouteInfo, const S extends Spec>(route: R, spec: S) {
  return { ...route, ...spec };
}

export function json<S extends z.ZodType>(
  schema: S,
  status: JsonAnswer['status'] = 200,
): JsonAnswer<S> {
  return { kind: 'json', status, schema };
}

export function jsonBody<S extends z.ZodType>(
  schema: S,
  options: { optional?: true } = {},
): JsonBody<S> {
  return { kind: 'json', schema, ...options };
}

/** `data: {}`, the answer of routes that only act (delete, logout). */
export const EMPTY = json(z.object({}).strict());

/** Path parameter `:slug` of a share (validated loosely; the service looks it up). */
export const slugParams = z.object({ slug: z.string().min(1).max(50) });
/** Path parameter `:id` of a record. */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Whether a route honours the `Idempotency-Key` header (every POST, PUT, PATCH, DELETE). */
export function honoursIdempotencyKey(entry: Pick<Endpoint, 'method'>): boolean {
  return (IDEMPOTENCY_KEY_METHODS as readonly string[]).includes(entry.method);
}

/** The error codes a route may answer: its own plus those every route of its kind may. */
export function errorsOf(entry: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  // A presented Authorization header is checked on every route, public ones included.
  codes.add('UNAUTHORIZED');
  codes.add('SESSION_INVALID');
  codes.add('API_KEY_INVALID');
  if (entry.access === 'admin') codes.add('ADMIN_ONLY');
  if (typeof entry.access === 'object') codes.add('PERMISSION_DENIED');
  if (entry.params || entry.query || entry.body?.kind === 'json') codes.add('VALIDATION_FAILED');
  if (entry.body?.kind === 'json') {
    codes.add('MALFORMED_BODY');
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  if (honoursIdempotencyKey(entry)) {
    // A malformed key is a 400; a key reused for another request, or still running, its own.
    codes.add('VALIDATION_FAILED');
    codes.add('IDEMPOTENCY_KEY_REUSED');
    codes.add('IDEMPOTENCY_IN_PROGRESS');
  }
  for (const code of entry.errors) codes.add(code);
  codes.add('INTERNAL');
  return [...codes];
}

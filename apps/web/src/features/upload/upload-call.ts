import { REQUEST_TIMEOUT_MS, UPLOAD_SECRET_HEADER } from '@pasteport/contract/plain';
import {
  ApiError,
  apiBaseUrl,
  authorizationHeader,
  buildUrl,
  inferContext,
  sendWithProgress,
  type Credential,
  type CredentialKind,
  type QueryParams,
  type UploadProgress,
} from '../../lib/api';
import { parseBody } from '../../lib/api/body';
import { errorFieldsOf, interpretResponse, parseRetryAfter } from '../../lib/api/errors';

/** Who is calling: the auth store's credential and its 401 hook (SPEC §8 logout). */
export interface CallAuth {
  credential: () => Credential | undefined;
  handleUnauthorized: (kind: CredentialKind) => void;
}

/** An anonymous caller, for tests and signed-out visitors. */
export const ANONYMOUS: CallAuth = { credential: () => undefined, handleUnauthorized: () => {} };

/**
 * An ApiError that also keeps the failed answer's `data`. The shared client drops it, but a
 * 507 carries the numbers its message shows (file size, space left, capacity).
 */
export class UploadApiError extends ApiError {
  readonly data: unknown;
  constructor(init: ConstructorParameters<typeof ApiError>[0], data: unknown) {
    super(init);
    this.data = data;
  }
}

/** The `data` of a failed upload call, when it had one. */
export function failureDataOf(error: unknown): unknown {
  return error instanceof UploadApiError ? error.data : undefined;
}

interface Meta {
  method: string;
  url: string;
  path: string;
  credential: Credential | undefined;
  transport: 'fetch' | 'upload';
}

function headersFor(credential: Credential | undefined, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (credential) headers.Authorization = authorizationHeader(credential);
  return headers;
}

function failure(meta: Meta, kind: 'timeout' | 'aborted' | 'network') {
  return new ApiError({
    kind,
    context: inferContext(meta.method, meta.path),
    transport: meta.transport,
    method: meta.method,
    url: meta.url,
    credentialKind: meta.credential?.kind,
  });
}

/** SPEC §8's envelope rule, as the shared client applies it, keeping a failure's `data`. */
function settle<T>(
  auth: CallAuth,
  meta: Meta,
  status: number,
  body: unknown,
  retryAfter: string | null,
): T {
  const outcome = interpretResponse(status, body);
  if (outcome.ok) return outcome.data as T;
  if (status === 401 && meta.credential) auth.handleUnauthorized(meta.credential.kind);
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  throw new UploadApiError(
    {
      kind: 'http',
      status,
      ...errorFieldsOf(body),
      context: inferContext(meta.method, meta.path),
      transport: meta.transport,
      method: meta.method,
      url: meta.url,
      credentialKind: meta.credential?.kind,
      retryAfterSeconds: parseRetryAfter(retryAfter),
    },
    data,
  );
}

/** Options of a JSON call. */
export interface JsonCallOptions {
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** A JSON API call under /api whose failures keep their `data` (see UploadApiError). */
export async function callJson<T>(
  auth: CallAuth,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options: JsonCallOptions = {},
): Promise<T> {
  const credential = auth.credential();
  const meta: Meta = {
    method,
    path,
    url: buildUrl(apiBaseUrl(), path, options.query),
    credential,
    transport: 'fetch',
  };
  if (options.signal?.aborted) throw failure(meta, 'aborted');
  const headers = headersFor(credential, {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...options.headers,
  });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(meta.url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const parsed = parseBody(await response.text(), response.headers.get('content-type'));
    return settle<T>(auth, meta, response.status, parsed, response.headers.get('retry-after'));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw failure(meta, timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The header that binds a later upload step to its init (none when there is no secret). */
export function uploadSecretHeaders(secret: string | undefined): Record<string, string> {
  return secret ? { [UPLOAD_SECRET_HEADER]: secret } : {};
}

/** Options of a body sent with progress. */
export interface SendOptions {
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POSTs a body (a form, a raw part) under /api over XMLHttpRequest, the only browser API with
 * upload progress; the answer is read like callJson's.
 */
export async function sendBody<T>(
  auth: CallAuth,
  path: string,
  body: XMLHttpRequestBodyInit,
  options: SendOptions = {},
): Promise<T> {
  const credential = auth.credential();
  const meta: Meta = {
    method: 'POST',
    path,
    url: buildUrl(apiBaseUrl(), path, options.query),
    credential,
    transport: 'upload',
  };
  const response = await sendWithProgress({
    url: meta.url,
    method: meta.method,
    body,
    headers: headersFor(credential, options.headers),
    signal: options.signal,
    onProgress: options.onProgress,
    context: inferContext(meta.method, path),
  });
  return settle<T>(auth, meta, response.status, response.body, response.header('retry-after'));
}

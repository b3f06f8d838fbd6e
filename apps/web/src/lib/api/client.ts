import {
  IDEMPOTENCY_KEY_HEADER,
  REQUEST_TIMEOUT_MS,
  routeUrl,
  type ErrorContext,
  type RouteInfo,
} from '@pasteport/contract/plain';
import { parseBody, isPassThroughBody } from './body';
import {
  authorizationHeader,
  type Credential,
  type CredentialKind,
  type CredentialProvider,
} from './credentials';
import {
  ApiError,
  errorFieldsOf,
  interpretResponse,
  parseRetryAfter,
  type ApiTransport,
} from './errors';
import type { OfflineEnqueue } from '../offline-queue/queued-request';
import { newIdempotencyKey, replayTypeOf } from '../offline-queue/targets';
import { sendWithProgress, type UploadProgress } from './upload';
import { apiBaseUrl } from './host';
import { buildUrl, type QueryParams } from './url';

/** HTTP methods the API uses (SPEC §7). */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a request is for, as far as SPEC §8's 401 rules care; each entry of the endpoint table
 * carries its own, so no call guesses it from its URL.
 */
export type RequestContext = ErrorContext;

/** How a client is wired: where the API is, who is calling, what happens on a 401. */
export interface ApiClientOptions {
  /** Prefix of every path; by default the configured API base, read on each call (host.ts). */
  baseUrl?: string;
  getCredential?: CredentialProvider;
  /** Called when a request carrying a credential gets 401 (not for password checks). */
  onUnauthorized?: (kind: CredentialKind) => void;
  timeoutMs?: number;
  /**
   * Where a replayable call (lib/offline-queue/targets) goes when the device is offline or
   * the request got no answer: queued, and the call fails with kind 'queued'. Read per call.
   */
  getOfflineEnqueue?: () => OfflineEnqueue | undefined;
  /** Whether the browser says it is online (navigator.onLine by default). */
  isOnline?: () => boolean;
}

/** Per-call options of a raw request; `context` is 'default' unless given. */
export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  context?: RequestContext;
  /** Send without the Authorization header even when signed in. */
  anonymous?: boolean;
}

/** Options of an upload with progress; the body goes as it is (FormData, Blob, bytes). */
export interface UploadOptions extends Omit<RequestOptions, 'body'> {
  onProgress?: (progress: UploadProgress) => void;
}

/** What a call of a table entry sends: its path parameters, query, body and call options. */
export interface CallInput extends Omit<RequestOptions, 'method' | 'context'> {
  params?: Record<string, string>;
  /** Never queue this call while offline (the replay's own sends). */
  noQueue?: boolean;
}

/** What an upload to a table entry sends besides its body. */
export interface CallUploadInput extends Omit<UploadOptions, 'method' | 'context'> {
  params?: Record<string, string>;
}

/** The typed API client; every method resolves with the envelope's `data`. */
export interface ApiClient {
  /**
   * Calls one entry of the endpoint table (`ROUTES` in `@pasteport/contract/plain`): its
   * method, path and error context come from the entry, the parameters from `input`.
   */
  call<T>(route: RouteInfo, input?: CallInput): Promise<T>;
  /** Uploads to one entry of the table over XMLHttpRequest, with progress. */
  callUpload<T>(
    route: RouteInfo,
    body: XMLHttpRequestBodyInit,
    input?: CallUploadInput,
  ): Promise<T>;
  /** A request to a path below the API base, for what is not an entry of the table. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** POST (or PUT) over XMLHttpRequest with progress and the 300 s part timeout. */
  upload<T>(path: string, body: XMLHttpRequestBodyInit, options?: UploadOptions): Promise<T>;
}

interface CallMeta {
  method: string;
  url: string;
  context: RequestContext;
  credential: Credential | undefined;
  transport: ApiTransport;
}

/** Creates an API client implementing SPEC §7 and §8 over fetch (and XHR for uploads). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const defaultTimeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  function prepare(path: string, opts: RequestOptions, transport: ApiTransport) {
    const method = opts.method ?? 'GET';
    const credential = opts.anonymous ? undefined : options.getCredential?.();
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (credential) headers.Authorization = authorizationHeader(credential);
    const meta: CallMeta = {
      method,
      url: buildUrl(options.baseUrl ?? apiBaseUrl(), path, opts.query),
      context: opts.context ?? 'default',
      credential,
      transport,
    };
    return { meta, headers };
  }

  /** Turns an answered request into data or an ApiError, running the 401 hook first. */
  function settle(
    meta: CallMeta,
    status: number,
    body: unknown,
    retryAfter: string | null,
  ): unknown {
    const outcome = interpretResponse(status, body);
    if (outcome.ok) return outcome.data;
    let authHandlingFailed = false;
    const mayLogOut =
      meta.context !== 'password-verification' && meta.context !== 'change-password';
    if (status === 401 && meta.credential && mayLogOut) {
      try {
        options.onUnauthorized?.(meta.credential.kind);
      } catch {
        authHandlingFailed = true;
      }
    }
    throw new ApiError({
      kind: 'http',
      status,
      ...errorFieldsOf(body),
      ...failureMeta(meta),
      authHandlingFailed,
      retryAfterSeconds: parseRetryAfter(retryAfter),
    });
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const { meta, headers } = prepare(path, opts, 'fetch');
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (isPassThroughBody(opts.body)) body = opts.body;
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
    }

    // A call cancelled before it starts never reaches the network.
    if (opts.signal?.aborted) throw new ApiError({ kind: 'aborted', ...failureMeta(meta) });

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? defaultTimeout);
    const forwardAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', forwardAbort, { once: true });

    let status: number;
    let parsed: unknown;
    let retryAfter: string | null;
    try {
      const response = await fetch(meta.url, {
        method: meta.method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      parsed = parseBody(await response.text(), response.headers.get('content-type'));
    } catch {
      // Which of our own flags is set says why fetch rejected; the rejection value does not.
      const kind = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
      throw new ApiError({ kind, ...failureMeta(meta) });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', forwardAbort);
    }
    return settle(meta, status, parsed, retryAfter) as T;
  }

  async function upload<T>(
    path: string,
    body: XMLHttpRequestBodyInit,
    opts: UploadOptions = {},
  ): Promise<T> {
    const { meta, headers } = prepare(path, { method: 'POST', ...opts }, 'upload');
    const response = await sendWithProgress({
      url: meta.url,
      method: meta.method,
      body,
      headers,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      onProgress: opts.onProgress,
      context: meta.context,
    });
    return settle(meta, response.status, response.body, response.header('retry-after')) as T;
  }

  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);

  /**
   * A replayable call carries an Idempotency-Key; offline, or without an answer, it is
   * queued with that key (a lost answer replayed is answered, not done twice).
   */
  async function callReplayable<T>(
    route: RouteInfo,
    path: string,
    input: Omit<CallInput, 'params'>,
  ): Promise<T> {
    const type = replayTypeOf(route);
    const { noQueue, ...rest } = input;
    if (type === undefined) {
      return request<T>(path, { ...rest, method: route.method, context: route.context });
    }
    const idempotencyKey = rest.headers?.[IDEMPOTENCY_KEY_HEADER] ?? newIdempotencyKey();
    const headers = { ...rest.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
    const enqueue =
      noQueue || isPassThroughBody(rest.body) ? undefined : options.getOfflineEnqueue?.();
    const putAside = async (): Promise<never> => {
      await enqueue?.({
        type,
        endpoint: path,
        method: route.method,
        body: rest.body,
        idempotencyKey,
        context: route.context,
      });
      throw new ApiError({
        kind: 'queued',
        method: route.method,
        url: path,
        context: route.context,
        transport: 'fetch',
      });
    };
    if (enqueue && !isOnline()) return putAside();
    try {
      return await request<T>(path, {
        ...rest,
        headers,
        method: route.method,
        context: route.context,
      });
    } catch (error) {
      if (enqueue && error instanceof ApiError && error.kind === 'network') return putAside();
      throw error;
    }
  }

  return {
    // Async, so a missing path parameter rejects like every other failure.
    call: async <T>(route: RouteInfo, { params, ...input }: CallInput = {}) =>
      callReplayable<T>(route, tablePath(route, params), input),
    callUpload: async <T>(
      route: RouteInfo,
      body: XMLHttpRequestBodyInit,
      { params, ...input }: CallUploadInput = {},
    ) =>
      upload<T>(tablePath(route, params), body, {
        ...input,
        method: route.method,
        context: route.context,
      }),
    request,
    upload,
  };
}

/** An entry's path below the API base (the table's paths start with /api, as the base does). */
function tablePath(route: RouteInfo, params?: Record<string, string>): string {
  return routeUrl(route, params).replace(/^\/api(?=\/)/, '');
}

function failureMeta(meta: CallMeta) {
  return {
    method: meta.method,
    url: meta.url,
    context: meta.context,
    transport: meta.transport,
    credentialKind: meta.credential?.kind,
  };
}

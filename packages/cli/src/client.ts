import { isRecord, REQUEST_TIMEOUT_MS, routeUrl, type RouteInfo } from '@pasteport/contract/plain';
import { ApiError } from './errors.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart/form-data (streamed when its file parts are disk-backed Blobs). */
  form?: FormData;
  /** Sent as it is (a part's bytes). */
  raw?: Blob;
  headers?: Record<string, string>;
  /** Default: SPEC §9's 30 s for JSON calls; none for bodies that carry files. */
  timeoutMs?: number | null;
  /** Whether the key is sent (default true; public share reads may skip it). */
  auth?: boolean;
}

/**
 * The Pasteport API over fetch: every call names its route from the endpoint table, sends the
 * `ApiKey` header (SPEC §7) and unwraps the envelope — `data` on success, an ApiError with the
 * server's message otherwise.
 */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  /** An absolute URL for a path the server gave (local storage's signed URLs are relative). */
  link(pathOrUrl: string): string {
    return new URL(pathOrUrl, `${this.baseUrl}/`).toString();
  }

  url(route: Pick<RouteInfo, 'path'>, params: Record<string, string> = {}, query: Query = {}) {
    const url = new URL(this.link(routeUrl(route, params)));
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.append(name, String(value));
    }
    return url.toString();
  }

  /**
   * The key's header, for this server only: a URL it hands out may point at storage or another
   * host, which must never see the key.
   */
  authHeaders(forUrl?: string): Record<string, string> {
    if (!this.apiKey) return {};
    if (forUrl !== undefined && new URL(forUrl).origin !== new URL(this.baseUrl).origin) return {};
    return { authorization: `ApiKey ${this.apiKey}` };
  }

  /** The raw answer of a route (for downloads); a failure is still an ApiError. */
  async fetch(route: RouteInfo, options: CallOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(options.auth === false ? {} : this.authHeaders()),
      ...options.headers,
    };
    let body: RequestInit['body'];
    if (options.form) body = options.form;
    else if (options.raw) body = options.raw;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const carriesFile = options.form !== undefined || options.raw !== undefined;
    const timeoutMs =
      options.timeoutMs === undefined
        ? carriesFile
          ? null
          : REQUEST_TIMEOUT_MS
        : options.timeoutMs;
    const response = await fetch(this.url(route, options.params, options.query), {
      method: route.method,
      headers,
      body,
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  /** A JSON route's `data`. */
  async call<T>(route: RouteInfo, options: CallOptions = {}): Promise<T> {
    const response = await this.fetch(route, options);
    const envelope = await readJson(response);
    if (!isRecord(envelope) || envelope.success !== true || !('data' in envelope)) {
      throw new ApiError(response.status, 'the server answered without a success envelope');
    }
    return envelope.data as T;
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The server's message and code of a failed answer (SPEC §8: else "HTTP error {status}"). */
export async function errorOf(response: Response): Promise<ApiError> {
  const envelope = await readJson(response);
  if (isRecord(envelope) && typeof envelope.message === 'string') {
    const details = Array.isArray(envelope.details)
      ? envelope.details.filter(isRecord).map((detail) => ({
          field: String(detail.field),
          message: String(detail.message),
        }))
      : [];
    const code = typeof envelope.error === 'string' ? envelope.error : undefined;
    return new ApiError(response.status, envelope.message, code, details);
  }
  return new ApiError(response.status, `HTTP error ${response.status}`);
}

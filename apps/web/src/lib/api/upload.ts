import { PART_UPLOAD_TIMEOUT_MS } from '@pasteport/contract/plain';
import { parseBody } from './body';
import type { ErrorContext as RequestContext } from '@pasteport/contract/plain';
import { ApiError, type ApiErrorKind } from './errors';

/** Bytes sent so far; total and percent are unknown when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | undefined;
  percent: number | undefined;
}

/** One request sent over XMLHttpRequest, the only browser API with upload progress. */
export interface XhrRequest {
  url: string;
  method?: string;
  body?: XMLHttpRequestBodyInit | null;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /** Defaults to SPEC §9's part upload timeout (300 s). */
  timeoutMs?: number | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  context?: RequestContext;
}

/** Any HTTP answer; the caller decides what a status means (S3 and our API differ). */
export interface XhrResponse {
  status: number;
  body: unknown;
  header(name: string): string | null;
}

/**
 * Sends a request with upload progress. Resolves on any HTTP answer; rejects with an
 * ApiError of transport 'upload' on timeout, network failure or cancellation.
 */
export function sendWithProgress(request: XhrRequest): Promise<XhrResponse> {
  const method = request.method ?? 'POST';
  const { signal } = request;
  const failure = (kind: ApiErrorKind) =>
    new ApiError({
      kind,
      transport: 'upload',
      method,
      url: request.url,
      context: request.context ?? 'file',
    });
  // Cancelled before it starts: nothing is sent.
  if (signal?.aborted) return Promise.reject(failure('aborted'));

  return new Promise<XhrResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abortXhr = () => xhr.abort();
    const fail = (kind: ApiErrorKind) => {
      signal?.removeEventListener('abort', abortXhr);
      reject(failure(kind));
    };

    xhr.open(method, request.url);
    xhr.timeout = request.timeoutMs ?? PART_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : undefined;
      const percent = total ? Math.min(100, Math.round((event.loaded / total) * 100)) : undefined;
      request.onProgress?.({ loaded: event.loaded, total, percent });
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', abortXhr);
      resolve({
        status: xhr.status,
        body: parseBody(xhr.responseText, xhr.getResponseHeader('content-type')),
        header: (name) => xhr.getResponseHeader(name),
      });
    };
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('aborted');
    signal?.addEventListener('abort', abortXhr, { once: true });
    xhr.send(request.body ?? null);
  });
}

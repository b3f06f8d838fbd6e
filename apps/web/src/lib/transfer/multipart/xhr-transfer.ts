import { PART_UPLOAD_TIMEOUT_MS } from '@pasteport/contract/plain';
import { TransferError } from './transfer-error';
import type { PartRequestOptions, PartTarget } from './types';

/** Options of one PUT; the timeout defaults to SPEC §9's part upload timeout (300 s). */
export interface XhrPutOptions {
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((loadedBytes: number) => void) | undefined;
  timeoutMs?: number | undefined;
}

/** Any HTTP answer; etag is null when absent or hidden by CORS (no ExposeHeaders: ETag). */
export interface XhrPutResult {
  status: number;
  etag: string | null;
}

/**
 * PUTs a body with upload progress over XMLHttpRequest (fetch has none). Resolves on any
 * HTTP answer; rejects with a TransferError: 'network' (status 0, which includes CORS
 * refusals), 'timeout' or 'abort'.
 */
export function xhrPut(
  url: string,
  body: Blob,
  options: XhrPutOptions = {},
): Promise<XhrPutResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(new TransferError('abort'));

  return new Promise<XhrPutResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abortXhr = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abortXhr);
    const fail = (kind: 'network' | 'timeout' | 'abort') => {
      settle();
      reject(new TransferError(kind));
    };

    xhr.open('PUT', url);
    xhr.timeout = options.timeoutMs ?? PART_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded);
    xhr.onload = () => {
      settle();
      // Some engines call onload with status 0 for a blocked response; that is a network failure.
      if (xhr.status === 0) {
        reject(new TransferError('network'));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) options.onProgress?.(body.size);
      resolve({ status: xhr.status, etag: xhr.getResponseHeader('ETag') });
    };
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => fail('abort');
    signal?.addEventListener('abort', abortXhr, { once: true });
    xhr.send(body);
  });
}

/**
 * MultipartTransport.putPart over xhrPut: a non-2xx answer rejects with an 'http'
 * TransferError. A hidden ETag resolves as '' — the uploader then reads it from the
 * server's part list before completing.
 */
export async function xhrPutPart(
  target: PartTarget,
  body: Blob,
  options: PartRequestOptions & { timeoutMs?: number },
): Promise<string> {
  const result = await xhrPut(target.url, body, {
    headers: target.headers,
    signal: options.signal,
    onProgress: options.onProgress,
    timeoutMs: options.timeoutMs,
  });
  if (result.status < 200 || result.status >= 300) throw new TransferError('http', result.status);
  return result.etag ?? '';
}

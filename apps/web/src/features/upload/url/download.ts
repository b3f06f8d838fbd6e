import { authorizationHeader, type Credential } from '../../../lib/api';
import { urlProxyPath } from '../url-api';

/** Why a download failed: the remote (or proxy) answered badly, nothing answered, or cancel. */
export type DownloadErrorKind = 'http' | 'network' | 'cancelled';

/** A failed download of a URL's content (SPEC §8 "failed to fetch URL content"). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly kind: DownloadErrorKind,
    readonly status?: number,
  ) {
    super(kind === 'http' ? `download failed: HTTP ${status ?? 0}` : `download failed: ${kind}`);
  }
}

/** What a finished download gives: the bytes, and whether the server proxy fetched them. */
export interface Downloaded {
  blob: Blob;
  viaProxy: boolean;
}

/** Progress of a download: bytes so far and the total when known. */
export type OnDownload = (loaded: number, total: number | null) => void;

function totalOf(response: Response, expected: number | null): number | null {
  const header = Number(response.headers.get('content-length'));
  if (Number.isSafeInteger(header) && header > 0) return header;
  return expected;
}

/** Reads a response body chunk by chunk so progress can be shown (fetch has no events). */
async function readWithProgress(
  response: Response,
  expected: number | null,
  onProgress: OnDownload,
): Promise<Blob> {
  const total = totalOf(response, expected);
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    onProgress(blob.size, total ?? blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  return new Blob(chunks, { type });
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Downloads a URL in the browser (SPEC §4 URL upload, download phase). The remote is asked
 * directly first; when the browser may not read it (CORS) or cannot reach it, the server's
 * proxy fetches it instead, with the caller's credential.
 */
export async function downloadUrl(
  url: string,
  {
    signal,
    credential,
    expectedSize,
    onProgress,
    onFallback,
  }: {
    signal: AbortSignal;
    credential: Credential | undefined;
    expectedSize: number | null;
    onProgress: OnDownload;
    /** Told when the server proxy takes over. */
    onFallback?: () => void;
  },
): Promise<Downloaded> {
  let response: Response;
  let viaProxy = false;
  try {
    response = await fetch(url, { signal, credentials: 'omit', redirect: 'follow' });
  } catch (error) {
    if (signal.aborted || isAbort(error)) throw new DownloadError('cancelled');
    // A CORS refusal and a network failure look the same (TypeError): let the server try.
    viaProxy = true;
    onFallback?.();
    const headers: Record<string, string> = {};
    if (credential) headers.Authorization = authorizationHeader(credential);
    try {
      response = await fetch(urlProxyPath(url), { signal, headers, credentials: 'same-origin' });
    } catch (proxyError) {
      if (signal.aborted || isAbort(proxyError)) throw new DownloadError('cancelled');
      throw new DownloadError('network');
    }
  }
  if (!response.ok) throw new DownloadError('http', response.status);
  try {
    const blob = await readWithProgress(response, expectedSize, onProgress);
    return { blob, viaProxy };
  } catch (error) {
    if (signal.aborted || isAbort(error)) throw new DownloadError('cancelled');
    throw new DownloadError('network');
  }
}

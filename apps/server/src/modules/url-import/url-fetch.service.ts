import { fileMimetype, type UrlInfo } from '@pasteport/contract';
import { pipeline, type Readable } from 'node:stream';
import { AppError } from '../../lib/app-error.js';
import type { SafeResponse } from '../../net/index.js';
import type { Actor } from '../../core/actor.js';
import {
  createTransferWatch,
  isSuccess,
  remoteStatusError,
  type RemoteFetcher,
} from './remote-fetch.js';
import type { ImportUploadPolicy } from './file-uploads.js';
import {
  acceptsRanges,
  contentTypeOf,
  declaredSize,
  headerValue,
  rangeTotal,
  remoteFilename,
} from './remote-file.js';
import { URL_FETCH_LIMITS } from './url-fetch-limits.js';

/** A remote body on its way to the browser, with what the proxy tells about it. */
export interface ProxiedFile {
  filename: string;
  /** The remote's media type (parameters dropped), when it gave a usable one. */
  contentType: string | undefined;
  /** Content-Length, when known. */
  size: number | null;
  /** A Content-Encoding the remote applied anyway (we ask for identity). */
  encoding: string | undefined;
  body: Readable;
}

/** Bodies are never read here; the identity encoding keeps sizes and bytes what the file is. */
const IDENTITY = { 'accept-encoding': 'identity' };

/**
 * What the browser-relay flow asks of the server about a remote URL: its name, size and type
 * (`url/info`), and its bytes when the browser cannot fetch them itself (`url/proxy`, for
 * URLs without CORS). Every fetch goes through the SSRF guard.
 */
export function createUrlFetchService(deps: { policy: ImportUploadPolicy; fetch: RemoteFetcher }) {
  /** HEAD, or a one-byte ranged GET when the server refuses HEAD (many presigned URLs do). */
  async function probe(url: string): Promise<{ response: SafeResponse; ranged: boolean }> {
    const started = Date.now();
    const head = await deps.fetch(url, {
      method: 'HEAD',
      headers: IDENTITY,
      totalTimeoutMs: URL_FETCH_LIMITS.infoMs,
      headersTimeoutMs: URL_FETCH_LIMITS.infoMs,
    });
    head.body.destroy();
    if (isSuccess(head.status)) return { response: head, ranged: false };
    const left = Math.max(1, URL_FETCH_LIMITS.infoMs - (Date.now() - started));
    const ranged = await deps.fetch(url, {
      method: 'GET',
      headers: { ...IDENTITY, range: 'bytes=0-0' },
      totalTimeoutMs: left,
      headersTimeoutMs: left,
    });
    // Only the head was wanted; a server that ignores Range would send the whole file.
    ranged.body.destroy();
    if (!isSuccess(ranged.status)) throw remoteStatusError(ranged.status);
    return { response: ranged, ranged: true };
  }

  return {
    /** `POST /api/url/info`. */
    async info(actor: Actor, url: string): Promise<UrlInfo> {
      await deps.policy.assertMayUpload(actor);
      const { response, ranged } = await probe(url);
      const partial = ranged && response.status === 206;
      const filename = remoteFilename(response.headers, response.url);
      return {
        url: response.url,
        filename,
        size: partial ? rangeTotal(response.headers) : declaredSize(response.headers),
        mimetype: fileMimetype(filename, contentTypeOf(response.headers)),
        supports_range: partial || (!ranged && acceptsRanges(response.headers)),
      };
    },

    /**
     * `GET /api/url/proxy`: the remote body, streamed and never buffered, capped at
     * max_upload_size and stopped when it stalls. Anonymous callers never get here (the route
     * needs the file permission): an open relay would let anyone use this server's bandwidth.
     */
    async proxy(actor: Actor, url: string, signal: AbortSignal): Promise<ProxiedFile> {
      if (actor.kind === 'anonymous') {
        throw new AppError('UNAUTHORIZED', 'sign in or present an API key to fetch URLs');
      }
      await deps.policy.assertMayUpload(actor);
      const response = await deps.fetch(url, {
        method: 'GET',
        headers: IDENTITY,
        maxBytes: await deps.policy.maxUploadBytes(),
        totalTimeoutMs: URL_FETCH_LIMITS.transferMs,
        headersTimeoutMs: URL_FETCH_LIMITS.idleMs,
        signal,
      });
      if (!isSuccess(response.status)) {
        response.body.destroy();
        throw remoteStatusError(response.status);
      }
      const watch = createTransferWatch({ idleMs: URL_FETCH_LIMITS.idleMs });
      // Errors travel to `watch`, which the reply consumes; destroying it frees the socket.
      pipeline(response.body, watch, () => undefined);
      const encoding = headerValue(response.headers, 'content-encoding')?.trim().toLowerCase();
      return {
        filename: remoteFilename(response.headers, response.url),
        contentType: contentTypeOf(response.headers),
        size: declaredSize(response.headers),
        encoding: encoding === undefined || encoding === 'identity' ? undefined : encoding,
        body: watch,
      };
    },
  };
}

export type UrlFetchService = ReturnType<typeof createUrlFetchService>;

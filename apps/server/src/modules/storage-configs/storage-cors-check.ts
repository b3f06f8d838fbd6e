import type { StorageTestReason } from '@pasteport/contract';
import type { PresignedRequest } from '../../storage/storage-driver.js';
import { classifyStorageError } from './storage-failure.js';

/** The verdict of the CORS check: ok, or the reason browsers would be refused. */
export type CorsVerdict =
  { ok: true } | { ok: false; reason: StorageTestReason; detail: string | null };

const listOf = (header: string | null) =>
  (header ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');

const allows = (header: string | null, wanted: string) => {
  const items = listOf(header);
  return items.includes('*') || items.includes(wanted.toLowerCase());
};

const originAllowed = (header: string | null, origin: string) =>
  header !== null && (header.trim() === '*' || header.trim() === origin);

/**
 * Asks the bucket what a browser on `origin` would ask before a presigned upload, and reads
 * what it would see after: the preflight (OPTIONS with Origin, Access-Control-Request-Method
 * PUT and a Content-Type header) must allow the origin, PUT and the header; the upload's own
 * answer must expose ETag, which multipart completion needs. The preflight goes to the object
 * URL without the signature, as S3 never authenticates preflights.
 */
export async function checkBucketCors(
  upload: PresignedRequest,
  origin: string,
  body: Buffer,
  signal: AbortSignal,
): Promise<CorsVerdict> {
  const requestHeaders = [...new Set(['content-type', ...Object.keys(upload.headers)])]
    .map((name) => name.toLowerCase())
    .sort();
  const objectUrl = new URL(upload.url);
  objectUrl.search = '';
  try {
    const preflight = await fetch(objectUrl, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': requestHeaders.join(','),
      },
      redirect: 'manual',
      signal,
    });
    await preflight.body?.cancel();
    const allowOrigin = preflight.headers.get('access-control-allow-origin');
    if (!preflight.ok || !originAllowed(allowOrigin, origin)) {
      return {
        ok: false,
        reason: 'cors_missing',
        detail: `preflight answered ${preflight.status}`,
      };
    }
    const allowHeaders = preflight.headers.get('access-control-allow-headers');
    const headersOk = requestHeaders.every((name) => allows(allowHeaders, name));
    if (!allows(preflight.headers.get('access-control-allow-methods'), 'PUT') || !headersOk) {
      return { ok: false, reason: 'cors_put_not_allowed', detail: null };
    }

    const put = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, origin },
      body,
      redirect: 'manual',
      signal,
    });
    await put.body?.cancel();
    if (!originAllowed(put.headers.get('access-control-allow-origin'), origin)) {
      return { ok: false, reason: 'cors_missing', detail: `upload answered ${put.status}` };
    }
    if (!allows(put.headers.get('access-control-expose-headers'), 'etag')) {
      return { ok: false, reason: 'cors_etag_hidden', detail: null };
    }
    return { ok: true };
  } catch (error) {
    const { reason, detail } = classifyStorageError(error, 's3');
    return { ok: false, reason, detail };
  }
}

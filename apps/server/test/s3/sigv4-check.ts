import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * TEST-SERVER SHIM. s3rver does not check SigV4 signatures at all, so without this a driver
 * could hand the browser a wrongly signed URL and every test would still pass. This
 * recomputes a presigned URL's signature with @smithy/signature-v4 (the signer the SDK
 * itself uses) from what actually arrived, as S3 does.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** node:crypto behind the Checksum interface SignatureV4 expects (HMAC when given a key). */
class NodeSha256 {
  #hash: Hash | Hmac;
  readonly #secret: SourceData | undefined;
  constructor(secret?: SourceData) {
    this.#secret = secret;
    this.#hash = this.#fresh();
  }
  #fresh(): Hash | Hmac {
    return this.#secret === undefined
      ? createHash('sha256')
      : createHmac('sha256', toBuffer(this.#secret));
  }
  update(data: SourceData): void {
    this.#hash.update(toBuffer(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.#hash.digest()));
  }
  reset(): void {
    this.#hash = this.#fresh();
  }
}

/** What arrived: method, raw path, raw query string and headers. */
export interface ArrivedRequest {
  method: string;
  path: string;
  querystring: string;
  headers: IncomingHttpHeaders;
}

/** null when the request is correctly presigned (or not presigned at all), else why not. */
export type SignatureProblem = { code: 'SignatureDoesNotMatch' | 'AccessDenied'; message: string };

const AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];

function parseAmzDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return new Date(NaN);
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, ...number[]];
  return new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
}

/** Verifies a SigV4 query-signed request against the known secret keys. */
export async function checkPresignedRequest(
  request: ArrivedRequest,
  secrets: ReadonlyMap<string, string>,
): Promise<SignatureProblem | null> {
  const query = new URLSearchParams(request.querystring);
  if (!query.has('X-Amz-Algorithm')) return null;
  const get = (name: string) => query.get(name) ?? '';
  const [accessKeyId = '', , region = '', service = ''] = get('X-Amz-Credential').split('/');
  const secretAccessKey = secrets.get(accessKeyId);
  if (secretAccessKey === undefined) {
    return { code: 'AccessDenied', message: 'unknown access key' };
  }
  const signingDate = parseAmzDate(get('X-Amz-Date'));
  const expiresIn = Number(get('X-Amz-Expires'));
  if (Number.isNaN(signingDate.getTime()) || !Number.isInteger(expiresIn)) {
    return { code: 'AccessDenied', message: 'malformed presigned URL' };
  }
  if (Date.now() > signingDate.getTime() + expiresIn * 1000) {
    return { code: 'AccessDenied', message: 'Request has expired' };
  }

  const rest: Record<string, string> = {};
  for (const [name, value] of query) if (!AUTH_PARAMS.includes(name)) rest[name] = value;
  // The payload hash travels in the query but the signer reads it from a header.
  const headers: Record<string, string> = {};
  const payloadHash = rest['X-Amz-Content-Sha256'];
  delete rest['X-Amz-Content-Sha256'];
  if (payloadHash !== undefined) headers['X-Amz-Content-Sha256'] = payloadHash;
  const signedHeaders = get('X-Amz-SignedHeaders').split(';');
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) {
      return { code: 'SignatureDoesNotMatch', message: `signed header ${name} is missing` };
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }

  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey },
    region,
    service,
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const host = headers.host ?? '';
  const presigned = await signer.presign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: host.replace(/:\d+$/, ''),
      path: request.path,
      query: rest,
      headers,
    },
    { signingDate, expiresIn, signableHeaders: new Set(signedHeaders) },
  );
  const expected = presigned.query?.['X-Amz-Signature'];
  if (expected !== get('X-Amz-Signature')) {
    return { code: 'SignatureDoesNotMatch', message: 'presigned URL signature does not match' };
  }
  return null;
}

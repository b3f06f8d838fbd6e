import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';

/**
 * Short-lived HMAC-SHA256 tokens that stand in for S3 presigned URLs on local disk.
 * A token is `base64url(JSON payload) "." base64url(HMAC(signingKey, domain + payload))`;
 * the route trusts nothing but the token, so key, upload, part and response headers all
 * live in the signed payload. Expired → PRECONDITION_FAILED (412: the URL was genuine but its
 * precondition, the deadline, no longer holds; the client should ask for a new one);
 * anything not signed by us, or signed for another operation → FORBIDDEN (403).
 */

/** What a token allows: download an object, upload an object, or upload one multipart part. */
export type SignedOperation = 'get' | 'put' | 'part';

const payloadSchema = z.object({
  v: z.literal(1),
  /** Storage config id: which local driver serves this token. */
  sid: z.string().min(1),
  op: z.enum(['get', 'put', 'part']),
  key: z.string().min(1),
  /** Expiry, Unix milliseconds. */
  exp: z.number().int(),
  /** Multipart upload id and part number (op 'part'). */
  uid: z.string().optional(),
  pn: z.number().int().optional(),
  /** PUT: required Content-Type; GET: Content-Type override. */
  ct: z.string().optional(),
  /** PUT: required Content-Length. */
  cl: z.number().int().nonnegative().optional(),
  /** GET: Content-Disposition type and download name. */
  disp: z.enum(['inline', 'attachment']).optional(),
  fn: z.string().optional(),
});

/** The signed content of a token. */
export type SignedUrlPayload = z.infer<typeof payloadSchema>;

// Domain separation: a signing key shared with other HMAC uses can never yield a valid token.
const DOMAIN = 'pasteport.local-signed-url.v1.';

function mac(signingKey: Buffer, encodedPayload: string): Buffer {
  return createHmac('sha256', signingKey).update(DOMAIN).update(encodedPayload).digest();
}

function forbidden(message: string): AppError {
  return new AppError('FORBIDDEN', message);
}

/** Signs a payload into a URL-safe token. */
export function signToken(signingKey: Buffer, payload: SignedUrlPayload): string {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${mac(signingKey, encoded).toString('base64url')}`;
}

/**
 * Verifies a token for one operation: signature first (constant time), then shape, op and
 * expiry. Returns the payload; throws AppError FORBIDDEN or PRECONDITION_FAILED.
 */
export function verifyToken(
  signingKey: Buffer,
  token: string,
  op: SignedOperation,
  now: number = Date.now(),
): SignedUrlPayload {
  const [encoded, signature, ...rest] = token.split('.');
  if (encoded === undefined || signature === undefined || rest.length > 0) {
    throw forbidden('malformed signed URL');
  }
  // Compare the text, not decoded bytes: base64url decoding skips stray characters.
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from(mac(signingKey, encoded).toString('base64url'), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden('signed URL signature does not match');
  }
  const payload = decodePayload(encoded);
  if (payload === null) throw forbidden('malformed signed URL');
  if (payload.op !== op) throw forbidden('signed URL is for another operation');
  if (now > payload.exp) {
    throw new AppError('PRECONDITION_FAILED', 'signed URL has expired', {
      details: [{ field: 'token', rule: 'expired', message: 'signed URL has expired' }],
    });
  }
  return payload;
}

/**
 * Reads the storage id from a token WITHOUT verifying it, only to find which driver (and so
 * which signing key) must verify it. Never act on anything else read this way.
 */
export function readUnverifiedStorageId(token: string): string | null {
  const encoded = token.split('.')[0];
  return encoded === undefined ? null : (decodePayload(encoded)?.sid ?? null);
}

function decodePayload(encoded: string): SignedUrlPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

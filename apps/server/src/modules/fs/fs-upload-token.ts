import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../lib/secrets.js';

/** How long a multipart upload's id stays usable for complete and abort. */
export const FS_UPLOAD_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a file-system multipart upload id binds: storage, key, caller, size and layout. */
export interface FsUploadClaims {
  /** Storage config id. */
  cfg: string;
  key: string;
  /** Storage's own multipart upload id. */
  uid: string;
  /** creatorId of the caller that started it ('admin' or 'apikey:{id}'). */
  by: string;
  size: number;
  ps: number;
  /** Expiry, ms since the epoch. */
  exp: number;
}

/**
 * The `uploadId` the file-system multipart routes hand out: the storage's upload id inside a
 * signed envelope (`{payload}.{HMAC}`), so complete and abort need no table and an id works only
 * for the path (storage and key) and the caller it was issued to. A forged, altered, expired
 * or foreign id reads as "no such upload".
 */
export function createFsUploadTokens(key: Buffer) {
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(claims: FsUploadClaims): string {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The claims of a genuine, unexpired id, else null. */
    open(token: string, now: Date): FsUploadClaims | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      if (!constantTimeEqual(signature, sign(payload))) return null;
      try {
        const claims = JSON.parse(
          Buffer.from(payload, 'base64url').toString('utf8'),
        ) as FsUploadClaims;
        return claims.exp > now.getTime() ? claims : null;
      } catch {
        return null;
      }
    },
  };
}

export type FsUploadTokens = ReturnType<typeof createFsUploadTokens>;

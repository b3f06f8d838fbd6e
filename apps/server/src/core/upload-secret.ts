import { UPLOAD_SECRET_HEADER } from '@pasteport/contract';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '../lib/app-error.js';
import { constantTimeEqual, randomToken, sha256Hex } from '../lib/secrets.js';

/** The header's name as clients write it, for messages. */
const HEADER_NAME = 'X-Upload-Secret';

/** A new upload secret (256 bits) and the digest stored with the pending row. */
export function newUploadSecret(): { secret: string; hash: string } {
  const secret = randomToken(32);
  return { secret, hash: sha256Hex(secret) };
}

/** The secret a request presents, if any (a repeated header counts as none). */
export function uploadSecretOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[UPLOAD_SECRET_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Checks the secret of a later upload step against the row's digest, in constant time. A guest
 * must present it (guests share no identity); an authenticated creator is bound by its
 * credential and may leave it out, but a secret that is given must be the right one.
 */
export function assertUploadSecret(
  storedHash: string | null,
  given: string | undefined,
  required: boolean,
): void {
  if (given === undefined) {
    if (!required) return;
    throw new AppError(
      'UPLOAD_SECRET_INVALID',
      `this upload continues only with the ${HEADER_NAME} header its init answered`,
      { details: [{ field: UPLOAD_SECRET_HEADER, rule: 'required', message: 'required' }] },
    );
  }
  if (storedHash === null || !constantTimeEqual(sha256Hex(given), storedHash)) {
    throw new AppError('UPLOAD_SECRET_INVALID', `the ${HEADER_NAME} does not match this upload`, {
      details: [{ field: UPLOAD_SECRET_HEADER, rule: 'match', message: 'does not match' }],
    });
  }
}

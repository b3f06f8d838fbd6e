import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../lib/secrets.js';

/** How long a verified password keeps opening a file (preview, download, office viewer). */
export const FILE_ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Short-lived proof that someone gave a file's password: `{expiry}.{signature}` over the file
 * id, the expiry and the password hash, so the token opens only that file, stops at its expiry,
 * and dies the moment the password is changed. Stateless: any instance can check it.
 */
export function createFileAccessTokens(key: Buffer) {
  const sign = (fileId: string, passwordHash: string, expiresAt: number) =>
    createHmac('sha256', key)
      .update(`${fileId}\n${passwordHash}\n${expiresAt}`)
      .digest('base64url');

  return {
    issue(fileId: string, passwordHash: string, now: Date): { token: string; expiresAt: Date } {
      const expiresAt = now.getTime() + FILE_ACCESS_TOKEN_TTL_MS;
      return {
        token: `${expiresAt.toString(36)}.${sign(fileId, passwordHash, expiresAt)}`,
        expiresAt: new Date(expiresAt),
      };
    },

    verify(token: string, fileId: string, passwordHash: string, now: Date): boolean {
      const [expiry, signature, extra] = token.split('.');
      if (!expiry || !signature || extra !== undefined) return false;
      const expiresAt = parseInt(expiry, 36);
      if (!Number.isSafeInteger(expiresAt) || expiresAt <= now.getTime()) return false;
      return constantTimeEqual(signature, sign(fileId, passwordHash, expiresAt));
    },
  };
}

export type FileAccessTokens = ReturnType<typeof createFileAccessTokens>;

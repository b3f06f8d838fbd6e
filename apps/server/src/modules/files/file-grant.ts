import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../lib/secrets.js';

/**
 * What a grant lets its holder do without counting another view:
 * - `continue`: fetch further byte ranges of a download that was counted (a media player's
 *   seeks), from the browser that paid the view;
 * - `office`: let an online Office viewer fetch the file once it was counted for a preview.
 */
export type GrantPurpose = 'continue' | 'office';

/** How long a grant lives after it was issued or last used, and at most after its view. */
export const GRANT_LIMITS: Record<GrantPurpose, { idleMs: number; maxMs: number }> = {
  continue: { idleMs: 30 * 60 * 1000, maxMs: 4 * 60 * 60 * 1000 },
  office: { idleMs: 5 * 60 * 1000, maxMs: 5 * 60 * 1000 },
};

/** The file a grant is bound to: its id, and its password hash (a new password revokes). */
export interface GrantSubject {
  id: string;
  password_hash: string | null;
}

/**
 * Stateless, signed grants: `{viewedAt}.{expiresAt}.{signature}` over the purpose, the file id,
 * its password hash and both times, so a grant opens one file for one purpose, ends at its
 * expiry (sliding, within `maxMs` of the counted view) and dies when the password changes.
 * Any instance can check one.
 */
export function createFileGrants(key: Buffer) {
  const sign = (purpose: GrantPurpose, file: GrantSubject, viewedAt: number, expiresAt: number) =>
    createHmac('sha256', key)
      .update(`${purpose}\n${file.id}\n${file.password_hash ?? ''}\n${viewedAt}\n${expiresAt}`)
      .digest('base64url');

  return {
    /** A grant for a view counted at `viewedAt` (defaults to now), valid for `idleMs` more. */
    issue(
      purpose: GrantPurpose,
      file: GrantSubject,
      now: Date,
      viewedAt = now.getTime(),
    ): { token: string; expiresAt: Date } {
      const { idleMs, maxMs } = GRANT_LIMITS[purpose];
      const expiresAt = Math.min(now.getTime() + idleMs, viewedAt + maxMs);
      const signature = sign(purpose, file, viewedAt, expiresAt);
      const token = `${viewedAt.toString(36)}.${expiresAt.toString(36)}.${signature}`;
      return { token, expiresAt: new Date(expiresAt) };
    },

    /** The time of the counted view a valid grant stands for; undefined when not valid. */
    verify(
      token: string | undefined,
      purpose: GrantPurpose,
      file: GrantSubject,
      now: Date,
    ): number | undefined {
      const [viewed, expiry, signature, extra] = (token ?? '').split('.');
      if (!viewed || !expiry || !signature || extra !== undefined) return undefined;
      const viewedAt = parseInt(viewed, 36);
      const expiresAt = parseInt(expiry, 36);
      if (!Number.isSafeInteger(viewedAt) || !Number.isSafeInteger(expiresAt)) return undefined;
      if (expiresAt <= now.getTime()) return undefined;
      const valid = constantTimeEqual(signature, sign(purpose, file, viewedAt, expiresAt));
      return valid ? viewedAt : undefined;
    },
  };
}

export type FileGrants = ReturnType<typeof createFileGrants>;

import type { FileGoneReason, FilePrompt, FileUnlocked, PublicFile } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { Actor } from '../auth/actor.js';
import { hasPermission, isCreator } from '../auth/auth.policy.js';
import type { LoginThrottle } from '../auth/login-throttle.js';
import type { StorageRegistry } from '../storage-configs/storage-registry.js';
import type { FileAccessTokens } from './file-access-token.js';
import type { FileGrants, GrantPurpose } from './file-grant.js';
import type { FileRepository, FileRow } from './file.repository.js';
import { presentPublicFile } from './file.presenter.js';

const GONE_MESSAGES: Record<FileGoneReason, string> = {
  expired: 'this file has expired',
  view_limit: 'this file has reached its view limit',
};

/** 410 with the reason machine-readable in details (the web words each case its own way). */
function gone(reason: FileGoneReason): AppError {
  const message = GONE_MESSAGES[reason];
  return new AppError('GONE', message, { details: [{ field: 'file', rule: reason, message }] });
}

/** How a content request proves it may read a password file. */
export interface Credentials {
  password?: string | undefined;
  token?: string | undefined;
}

/** A file opened for its content, with the driver that holds it. */
export interface OpenedFile {
  row: FileRow;
  driver: StorageDriver;
  /** When a grant was presented and is valid: the time of the view it continues. */
  grantedViewAt?: number;
}

/**
 * The public side of file shares: info, password verification, and opening the content for
 * download, view or the office viewer — each content open counted once, atomically.
 */
export function createFileAccessService(deps: {
  files: FileRepository;
  storage: StorageRegistry;
  clock: Clock;
  tokens: FileAccessTokens;
  grants: FileGrants;
  passwordThrottle: LoginThrottle;
}) {
  const now = () => deps.clock.now();

  /** The file, unless expired or — when `granted` is false — used up. */
  async function readable(
    slug: string,
    granted: (row: FileRow) => boolean = () => false,
  ): Promise<FileRow> {
    const row = await deps.files.findBySlug(slug);
    if (!row) throw new AppError('NOT_FOUND', `no file ${slug}`);
    if (row.expires_at !== null && row.expires_at <= now().toISOString()) throw gone('expired');
    // Asked whatever the count: open() keeps the grant it verifies for the caller.
    const covered = granted(row);
    if (row.max_views > 0 && row.views >= row.max_views && !covered) throw gone('view_limit');
    return row;
  }

  async function checkPassword(row: FileRow, password: string | undefined, ip: string) {
    if (row.password_hash === null) return;
    const scope = `file:${row.id}`;
    // No password is no guess: it costs no attempt, though a locked file still says so.
    if (!password) {
      await deps.passwordThrottle.assertAllowed(ip, scope);
      throw new AppError('PASSWORD_INVALID', 'wrong password');
    }
    // Reserved before the check, so parallel guesses cannot outrun the count.
    const attempt = await deps.passwordThrottle.reserve(ip, scope);
    if (!(await verifyPassword(row.password_hash, password)))
      throw new AppError('PASSWORD_INVALID', 'wrong password');
    // The right password is no failure, but forgets no one else's: knowing it resets nothing.
    await attempt.release();
  }

  /** A token from verify opens the file without the password, until it expires. */
  async function checkCredentials(row: FileRow, credentials: Credentials, ip: string) {
    if (row.password_hash === null) return;
    if (
      credentials.token !== undefined &&
      deps.tokens.verify(credentials.token, row.id, row.password_hash, now())
    ) {
      return;
    }
    await checkPassword(row, credentials.password, ip);
  }

  const manageIdFor = (actor: Actor, row: FileRow): string | null =>
    hasPermission(actor, 'file') && isCreator(actor, row.created_by) ? row.id : null;

  return {
    /** Info: never counted; a password file tells only what the prompt needs. */
    async info(actor: Actor, slug: string): Promise<PublicFile | FilePrompt> {
      const row = await readable(slug);
      if (row.password_hash !== null) {
        return { slug: row.slug, has_password: true, password_required: true };
      }
      return presentPublicFile(row, manageIdFor(actor, row));
    },

    /** Checks the password (throttled) and hands out a token bound to this file. */
    async verify(actor: Actor, slug: string, password: string, ip: string): Promise<FileUnlocked> {
      const row = await readable(slug);
      await checkPassword(row, password, ip);
      const issued =
        row.password_hash === null
          ? undefined
          : deps.tokens.issue(row.id, row.password_hash, now());
      return {
        ...presentPublicFile(row, manageIdFor(actor, row), issued?.token),
        access_token: issued?.token ?? '',
        access_token_expires_at: (issued?.expiresAt ?? now()).toISOString(),
      };
    },

    /**
     * Opens a file for its content after checking its password or access token. A valid
     * `continue` grant (the continuation of a counted download) opens it even when that view
     * was its last, and says so in `grantedViewAt`: the caller does not count it again.
     */
    async open(
      slug: string,
      credentials: Credentials,
      ip: string,
      continuation?: string,
    ): Promise<OpenedFile> {
      let grantedViewAt: number | undefined;
      const row = await readable(slug, (file) => {
        grantedViewAt = deps.grants.verify(continuation, 'continue', file, now());
        return grantedViewAt !== undefined;
      });
      await checkCredentials(row, credentials, ip);
      const driver = await deps.storage.getDriver(row.storage_config_id);
      return grantedViewAt === undefined ? { row, driver } : { row, driver, grantedViewAt };
    },

    /**
     * Opens a file for a grant's holder alone (the Office viewer's fetch): no password, no
     * count — the grant stands for a counted view and dies with a password change.
     */
    async openGranted(slug: string, purpose: GrantPurpose, grant: string): Promise<OpenedFile> {
      const valid = (file: FileRow) =>
        deps.grants.verify(grant, purpose, file, now()) !== undefined;
      const row = await readable(slug, valid);
      if (!valid(row)) throw new AppError('FORBIDDEN', 'this link has expired or was revoked');
      return { row, driver: await deps.storage.getDriver(row.storage_config_id) };
    },

    /** A grant for a view of `row` counted at `viewedAt` (now when not given). */
    grant(
      purpose: GrantPurpose,
      row: FileRow,
      viewedAt?: number,
    ): { token: string; expiresAt: Date } {
      return deps.grants.issue(purpose, row, now(), viewedAt);
    },

    /**
     * Counts one content read with the atomic conditional update: the k-th read of a
     * max_views = k file is the last, however many readers race.
     */
    async countView(row: FileRow): Promise<void> {
      const result = await deps.files.countView(row.id, now().toISOString());
      if (result.outcome === 'missing') throw new AppError('NOT_FOUND', `no file ${row.slug}`);
      if (result.outcome !== 'ok') throw gone(result.outcome);
      row.views = result.views;
    },
  };
}

export type FileAccessService = ReturnType<typeof createFileAccessService>;

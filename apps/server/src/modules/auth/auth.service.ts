import type { ChangePasswordResponse, LoginResponse } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import type { AdminActor } from '../../core/actor.js';
import type { AdminRepository } from './admin.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { SessionRepository } from './session.repository.js';

export interface AuthServiceDeps {
  admins: AdminRepository;
  sessions: SessionRepository;
  throttle: LoginThrottle;
  clock: Clock;
  sessionTtlMs: number;
  /**
   * Told (with the admin's id) after a logout or a change of credentials, so credentials
   * remembered elsewhere (WebDAV's Basic cache) are forgotten on every instance.
   */
  credentialsChanged?: (adminId: string) => Promise<void>;
}

/** Administrator accounts and sessions: first start, login, logout, token checks, credentials. */
export function createAuthService(deps: AuthServiceDeps) {
  const { admins, sessions, throttle, clock } = deps;
  const now = () => clock.now().toISOString();

  async function issueSession(adminId: string): Promise<{ token: string; expiresAt: string }> {
    const token = randomToken(32);
    const createdAt = clock.now();
    const expiresAt = new Date(createdAt.getTime() + deps.sessionTtlMs).toISOString();
    await sessions.insert({
      token_hash: sha256Hex(token),
      admin_id: adminId,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  const credentialsChanged = (adminId: string) =>
    deps.credentialsChanged?.(adminId) ?? Promise.resolve();

  /** Checks a user name and password (throttled, counted); the admin, or INVALID_CREDENTIALS. */
  async function verifyCredentials(username: string, password: string, ip: string) {
    // Reserved before the check, so parallel guesses cannot outrun the count; a wrong
    // password needs nothing more, it is already counted.
    await throttle.reserve(ip, username);
    const admin = await admins.findByUsername(username);
    const ok = admin
      ? await verifyPassword(admin.password_hash, password)
      : await verifyDummyPassword(password);
    if (!admin || !ok) throw new AppError('INVALID_CREDENTIALS', 'wrong username or password');
    await throttle.recordSuccess(ip, username);
    return admin;
  }

  return {
    /** Housekeeping: deletes expired sessions; answers how many went. */
    sweepExpired(): Promise<number> {
      return sessions.deleteExpired(now());
    },

    /** Checks the password (throttled) and opens a session. Unknown users cost the same time. */
    async login(input: { username: string; password: string }, ip: string): Promise<LoginResponse> {
      const admin = await verifyCredentials(input.username, input.password, ip);
      await sessions.deleteExpired(now());
      const { token, expiresAt } = await issueSession(admin.id);
      return { token, username: admin.username, expires_at: expiresAt };
    },

    /** The admin behind a session token, or SESSION_INVALID when unknown, revoked or expired. */
    async authenticate(token: string): Promise<AdminActor> {
      const tokenHash = sha256Hex(token);
      const session = await sessions.findLive(tokenHash, now());
      if (!session)
        throw new AppError(
          'SESSION_INVALID',
          'the session is invalid or has expired; log in again',
        );
      return {
        kind: 'admin',
        adminId: session.admin_id,
        username: session.username,
        sessionTokenHash: tokenHash,
        expiresAt: session.expires_at,
      };
    },

    /**
     * The administrator behind a user name and password presented on every request (WebDAV's
     * Basic): the login's check and throttle, without a session.
     */
    async verifyPassword(username: string, password: string, ip: string) {
      const admin = await verifyCredentials(username, password, ip);
      return { adminId: admin.id, username: admin.username };
    },

    async logout(actor: AdminActor): Promise<void> {
      await sessions.delete(actor.sessionTokenHash);
      await credentialsChanged(actor.adminId);
    },

    /**
     * Changes the username and/or password after checking the current password (throttled
     * like login). Every other session of the admin is revoked; the current one stays.
     */
    async changeCredentials(
      actor: AdminActor,
      input: {
        currentPassword: string;
        newPassword?: string | undefined;
        newUsername?: string | undefined;
      },
      ip: string,
    ): Promise<ChangePasswordResponse> {
      const admin = await admins.findById(actor.adminId);
      if (!admin) throw new AppError('SESSION_INVALID', 'the administrator no longer exists');
      const attempt = await throttle.reserve(ip, actor.username);
      if (!(await verifyPassword(admin.password_hash, input.currentPassword)))
        throw new AppError('CURRENT_PASSWORD_INVALID', 'the current password is wrong');
      // Unlike a login this forgets no earlier failures: the right password is just not one.
      await attempt.release();
      if (input.newUsername !== undefined && input.newUsername !== admin.username) {
        const taken = await admins.findByUsername(input.newUsername);
        if (taken)
          throw new AppError('ALREADY_EXISTS', `the username ${input.newUsername} is taken`);
      }
      await admins.update(admin.id, {
        ...(input.newUsername !== undefined ? { username: input.newUsername } : {}),
        ...(input.newPassword !== undefined
          ? { password_hash: await hashPassword(input.newPassword) }
          : {}),
        updated_at: now(),
      });
      const revoked = await sessions.deleteOthers(admin.id, actor.sessionTokenHash);
      await credentialsChanged(admin.id);
      return { username: input.newUsername ?? admin.username, revoked_sessions: revoked };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

import { AppError } from '../../lib/app-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { ShareNoun } from './share-gate.js';

/** The part of the login throttle a share password uses: attempts per share and address. */
export interface SharePasswordThrottle {
  assertAllowed(ip: string, scope: string): Promise<void>;
  reserve(ip: string, scope: string): Promise<{ release(): Promise<void> }>;
}

/**
 * The password check of one kind of share: throttled in the scope `{noun}:{id}` (see
 * checkSharePassword).
 */
export function sharePasswordGate(throttle: SharePasswordThrottle, noun: ShareNoun) {
  return (
    share: { id: string; password_hash: string | null },
    password: string | undefined,
    ip: string,
  ) =>
    checkSharePassword(throttle, {
      scope: `${noun}:${share.id}`,
      passwordHash: share.password_hash,
      password,
      ip,
    });
}

/** A share's password check: which share (its throttle scope), its hash, and what was sent. */
export interface SharePasswordCheck {
  /** The throttle scope of this share, e.g. `paste:{id}`. */
  scope: string;
  passwordHash: string | null;
  password: string | undefined;
  ip: string;
}

/**
 * Checks a share's password, throttled per share and per address; nothing to check without
 * a password hash. No password is no guess: it costs no attempt, though a locked share still
 * says so (429). A guess is reserved before the check, so parallel guesses cannot outrun the
 * count; the right password is no failure, but forgets no one else's: knowing it resets nothing.
 */
export async function checkSharePassword(
  throttle: SharePasswordThrottle,
  check: SharePasswordCheck,
): Promise<void> {
  const { scope, passwordHash, password, ip } = check;
  if (passwordHash === null) return;
  if (!password) {
    await throttle.assertAllowed(ip, scope);
    throw new AppError('PASSWORD_INVALID', 'wrong password');
  }
  const attempt = await throttle.reserve(ip, scope);
  if (!(await verifyPassword(passwordHash, password)))
    throw new AppError('PASSWORD_INVALID', 'wrong password');
  await attempt.release();
}

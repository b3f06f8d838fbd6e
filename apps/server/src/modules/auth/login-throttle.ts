import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AttemptTimes, LoginAttemptRepository } from './login-attempt.repository.js';

/** Failures allowed per window before a lock, and for how long. */
export interface ThrottleLimits {
  /** Per username: low, since one account is the target of guessing. */
  perUser: number;
  /** Per client address: higher, since many people may share one address. */
  perIp: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  perUser: 5,
  perIp: 20,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** What a throttle guards; each purpose counts apart, so one lock never blocks the other. */
export type ThrottlePurpose = 'admin-login' | 'share-password';

const SCOPE_PREFIX: Record<ThrottlePurpose, string> = {
  // The keys admin login has always used, so its counters and locks survive an upgrade.
  'admin-login': '',
  'share-password': 'share:',
};

/** One reserved attempt. A wrong password needs nothing more: it already counts as failed. */
export interface ThrottledAttempt {
  /** The password was right: this attempt is not a failure (the others stand). */
  release(): Promise<void>;
}

/**
 * Brute-force protection for password checks, with counters in the database so every instance
 * shares them. An attempt is reserved (counted as failed) before its password is checked, so
 * parallel guesses cannot outrun the count: at most the limit is ever checked per window. A
 * locked scope answers 429 with Retry-After even for the right password.
 */
export function createLoginThrottle(deps: {
  repo: LoginAttemptRepository;
  clock: Clock;
  purpose: ThrottlePurpose;
  limits?: ThrottleLimits;
}) {
  const limits = deps.limits ?? DEFAULT_THROTTLE_LIMITS;
  const prefix = SCOPE_PREFIX[deps.purpose];
  // The username first: its limit is the lower, so it refuses before the address is touched.
  const scopesFor = (ip: string, username: string) => [
    { scope: `${prefix}user:${username.toLowerCase()}`, max: limits.perUser },
    { scope: `${prefix}ip:${ip}`, max: limits.perIp },
  ];
  const timesAt = (now: Date): AttemptTimes => ({
    now: now.toISOString(),
    windowStart: new Date(now.getTime() - limits.windowMs).toISOString(),
    lockUntil: new Date(now.getTime() + limits.lockMs).toISOString(),
  });

  /** RATE_LIMITED with the seconds until the latest lock among the scopes ends. */
  async function lockedError(scopes: readonly string[], now: Date): Promise<AppError | undefined> {
    const until = await deps.repo.lockedUntil(scopes, now.toISOString());
    if (until === undefined) return undefined;
    const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
    return new AppError('RATE_LIMITED', `too many failed attempts; try again in ${seconds} s`, {
      headers: { 'retry-after': String(seconds) },
    });
  }

  return {
    /**
     * Throws RATE_LIMITED while the address or the username is locked; counts nothing. For
     * requests that carry no password, which are no guess.
     */
    async assertAllowed(ip: string, username: string): Promise<void> {
      const scopes = scopesFor(ip, username).map((s) => s.scope);
      const error = await lockedError(scopes, deps.clock.now());
      if (error) throw error;
    },

    /**
     * Call before checking a password: counts the attempt as failed on the username and the
     * address, or throws RATE_LIMITED (counting nothing) when either is locked.
     *
     * One statement per scope rather than a transaction over both, so no statement holds one
     * counter's row lock while it waits for another's (no deadlock with clear or deleteStale);
     * a refusal gives back what the attempt took. Until then the taken count errs strict.
     */
    async reserve(ip: string, username: string): Promise<ThrottledAttempt> {
      const now = deps.clock.now();
      const at = timesAt(now);
      const scopes = scopesFor(ip, username);
      const reserved: string[] = [];
      for (const { scope, max } of scopes) {
        if (await deps.repo.reserve(scope, max, at)) {
          reserved.push(scope);
          continue;
        }
        for (const taken of reserved) await deps.repo.release(taken, at.now);
        const error = await lockedError(
          scopes.map((s) => s.scope),
          now,
        );
        // A success elsewhere may have cleared the lock just now; the caller may simply retry.
        throw (
          error ??
          new AppError('RATE_LIMITED', 'too many failed attempts; try again in 1 s', {
            headers: { 'retry-after': '1' },
          })
        );
      }
      return {
        release: async () => {
          for (const scope of reserved) await deps.repo.release(scope, at.now);
        },
      };
    },

    /** A successful login forgets the failures of that username and address. */
    async recordSuccess(ip: string, username: string): Promise<void> {
      const scopes = scopesFor(ip, username).map((s) => s.scope);
      const now = deps.clock.now();
      await deps.repo.clear(scopes);
      await deps.repo.deleteStale(
        new Date(now.getTime() - limits.windowMs).toISOString(),
        now.toISOString(),
      );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

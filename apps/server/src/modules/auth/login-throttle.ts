import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { LoginAttemptRepository } from './login-attempt.repository.js';

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

/**
 * Brute-force protection for password checks, with counters in the database so every instance
 * shares them. A locked scope answers 429 with Retry-After even for the right password.
 */
export function createLoginThrottle(deps: {
  repo: LoginAttemptRepository;
  clock: Clock;
  limits?: ThrottleLimits;
}) {
  const limits = deps.limits ?? DEFAULT_THROTTLE_LIMITS;
  const scopesFor = (ip: string, username: string) => ({
    ip: `ip:${ip}`,
    user: `user:${username.toLowerCase()}`,
  });

  return {
    /** Throws RATE_LIMITED while the address or the username is locked. */
    async assertAllowed(ip: string, username: string): Promise<void> {
      const { ip: ipScope, user } = scopesFor(ip, username);
      const now = deps.clock.now();
      const until = await deps.repo.lockedUntil([ipScope, user], now.toISOString());
      if (until === undefined) return;
      const seconds = Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000));
      throw new AppError('RATE_LIMITED', `too many failed attempts; try again in ${seconds} s`, {
        headers: { 'retry-after': String(seconds) },
      });
    },

    async recordFailure(ip: string, username: string): Promise<void> {
      const scopes = scopesFor(ip, username);
      const now = deps.clock.now();
      const windowStart = new Date(now.getTime() - limits.windowMs).toISOString();
      const lockUntil = new Date(now.getTime() + limits.lockMs).toISOString();
      const checks = [
        [scopes.user, limits.perUser],
        [scopes.ip, limits.perIp],
      ] as const;
      for (const [scope, max] of checks) {
        const failures = await deps.repo.recordFailure(scope, now.toISOString(), windowStart);
        if (failures >= max) await deps.repo.lock(scope, lockUntil);
      }
    },

    /** A successful login forgets the failures of that username and address. */
    async recordSuccess(ip: string, username: string): Promise<void> {
      const { ip: ipScope, user } = scopesFor(ip, username);
      const now = deps.clock.now();
      await deps.repo.clear([ipScope, user]);
      await deps.repo.deleteStale(
        new Date(now.getTime() - limits.windowMs).toISOString(),
        now.toISOString(),
      );
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

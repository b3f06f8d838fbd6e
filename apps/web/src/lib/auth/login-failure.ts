import { isApiError } from '../api';

/** Why a sign-in failed; each has its own message (SPEC §8 "Admin login" and "Login"). */
export type LoginFailureReason =
  | 'invalidCredentials'
  | 'loginFailed'
  | 'missingToken'
  | 'invalidResponse'
  | 'serverError'
  | 'apiKeyInvalid'
  | 'insufficientPermissions'
  | 'rateLimited'
  | 'network'
  | 'timeout';

/** Which login form was used; a 401 means different things to each. */
export type LoginMode = 'password' | 'apikey';

/** Raised by the auth store's login calls; the form turns `reason` into a message. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
  readonly reason: LoginFailureReason;
  /** From Retry-After when the server rate-limits sign-in attempts. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: LoginFailureReason,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(`login failed: ${reason}`, { cause: options.cause });
    this.reason = reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Type guard for what a login call rejects with. */
export function isLoginError(value: unknown): value is LoginError {
  return value instanceof LoginError;
}

/** Maps a failed login request to its reason; decided by status and code, never by prose. */
export function loginErrorFrom(error: unknown, mode: LoginMode): LoginError {
  if (!isApiError(error)) return new LoginError('loginFailed', { cause: error });
  const cause = { cause: error };
  if (error.kind === 'network') return new LoginError('network', cause);
  if (error.kind !== 'http') return new LoginError('timeout', cause);
  const status = error.status ?? 0;
  if (status === 429 || error.code === 'RATE_LIMITED') {
    return new LoginError('rateLimited', { ...cause, retryAfterSeconds: error.retryAfterSeconds });
  }
  if (status >= 500) return new LoginError('serverError', cause);
  if (mode === 'password' && status === 401) return new LoginError('invalidCredentials', cause);
  if (mode === 'apikey' && (status === 401 || status === 403)) {
    return new LoginError('apiKeyInvalid', cause);
  }
  return new LoginError('loginFailed', cause);
}

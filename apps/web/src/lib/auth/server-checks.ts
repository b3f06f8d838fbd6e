import type { LoginRequest } from '@pasteport/contract';
import { isRecord, ROUTES } from '@pasteport/contract/plain';
import { authorizationHeader, isApiError, type ApiClient, type Credential } from '../api';
import { contractSchemas } from '../contract-schemas';
import { LoginError, loginErrorFrom } from './login-failure';
import {
  hasAnyPermission,
  type AdminSession,
  type ApiKeySession,
  type AuthSession,
} from './session';

/** The verdict of re-validating a session against the server. */
export type ValidationOutcome =
  | { kind: 'valid'; session: AdminSession | ApiKeySession }
  | { kind: 'invalid' }
  /** No verdict (offline, timeout, 5xx, rate limit): keep the session and try again later. */
  | { kind: 'inconclusive' };

// The store decides what a 401 means here, so these calls bypass the client's logout hook.
function withCredential(credential: Credential) {
  return { anonymous: true, headers: { Authorization: authorizationHeader(credential) } };
}

/** GET /test/api-key: SPEC §5 needs success plus data, in the info form. */
async function fetchKeyInfo(client: ApiClient, key: string) {
  const data = await client.call<unknown>(
    ROUTES.apiKeyInfo,
    withCredential({ kind: 'apikey', key }),
  );
  return (await contractSchemas()).apiKeyInfoSchema.safeParse(data);
}

/** Only the server saying no ends a session; silence or its own trouble does not. */
function outcomeOfFailure(error: unknown): ValidationOutcome {
  if (isApiError(error) && error.kind === 'http') {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) return { kind: 'invalid' };
  }
  return { kind: 'inconclusive' };
}

/** Asks the server whether a stored session still holds (GET /test/admin-token or /test/api-key). */
export async function validateSession(
  client: ApiClient,
  session: AdminSession | ApiKeySession,
): Promise<ValidationOutcome> {
  try {
    if (session.type === 'admin') {
      const data = await client.call<unknown>(
        ROUTES.adminTokenInfo,
        withCredential({ kind: 'admin', token: session.token }),
      );
      const parsed = (await contractSchemas()).adminTokenInfoSchema.safeParse(data);
      if (!parsed.success) return { kind: 'invalid' };
      const { username, expires_at: expiresAt } = parsed.data;
      return { kind: 'valid', session: { ...session, username, expiresAt } };
    }
    const parsed = await fetchKeyInfo(client, session.key);
    if (!parsed.success) return { kind: 'invalid' };
    const { permissions, key_info: info } = parsed.data;
    return { kind: 'valid', session: { ...session, permissions, info } };
  } catch (error) {
    return outcomeOfFailure(error);
  }
}

/** POST /admin/login; rejects with a LoginError naming the reason. */
export async function requestAdminLogin(
  client: ApiClient,
  request: LoginRequest,
): Promise<AdminSession> {
  let data: unknown;
  try {
    data = await client.call<unknown>(ROUTES.login, { body: request, anonymous: true });
  } catch (error) {
    throw loginErrorFrom(error, 'password');
  }
  if (!isRecord(data) || typeof data.token !== 'string' || data.token === '') {
    throw new LoginError('missingToken');
  }
  let parsed;
  try {
    parsed = (await contractSchemas()).loginResponseSchema.safeParse(data);
  } catch (error) {
    throw loginErrorFrom(error, 'password');
  }
  if (!parsed.success) throw new LoginError('invalidResponse');
  const { token, username, expires_at: expiresAt } = parsed.data;
  return { type: 'admin', token, username, expiresAt };
}

/** Verifies an API key (GET /test/api-key); a key with no permission at all is refused. */
export async function requestApiKeyLogin(client: ApiClient, key: string): Promise<ApiKeySession> {
  let parsed: Awaited<ReturnType<typeof fetchKeyInfo>>;
  try {
    parsed = await fetchKeyInfo(client, key);
  } catch (error) {
    throw loginErrorFrom(error, 'apikey');
  }
  if (!parsed.success) throw new LoginError('invalidResponse');
  const { permissions, key_info: info } = parsed.data;
  if (!hasAnyPermission(permissions)) throw new LoginError('insufficientPermissions');
  return { type: 'apikey', key, permissions, info };
}

/** POST /admin/logout for a session that is ending; failures do not matter (best effort). */
export function revokeOnServer(client: ApiClient, session: AuthSession): void {
  if (session.type !== 'admin') return;
  client
    .call(ROUTES.logout, withCredential({ kind: 'admin', token: session.token }))
    .catch(() => undefined);
}

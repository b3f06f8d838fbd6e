import type { ApiKeyPermissions } from '@pasteport/contract';
import type { AdminActor, ApiKeyActor } from '../src/core/actor.js';

/** The administrator as access checks see it (policy unit tests). */
export const ADMIN_ACTOR: AdminActor = Object.freeze({
  kind: 'admin',
  adminId: 'a1',
  username: 'root',
  sessionTokenHash: 'h',
  expiresAt: '2999-01-01T00:00:00.000Z',
});

/** An API key with the given permissions (none unless given), basic path and mount level. */
export function apiKeyActor(
  permissions: Partial<ApiKeyPermissions> = {},
  basicPath = '/',
  mountReadOnly = false,
): ApiKeyActor {
  return {
    kind: 'apikey',
    keyId: 'k1',
    name: 'ci',
    permissions: { text: false, file: false, mount: false, ...permissions },
    mountReadOnly,
    basicPath,
  };
}

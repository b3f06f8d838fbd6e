import type { ApiKey, ApiKeyInfo, CreatedApiKey } from '@pasteport/contract';
import type { ApiKeyActor } from '../../core/actor.js';
import type { ApiKeyRow } from './api-key.repository.js';

/** A key row as the API shows it: never the hash, booleans as booleans. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key_prefix: row.key_prefix,
    text_permission: row.text_permission === 1,
    file_permission: row.file_permission === 1,
    mount_permission: row.mount_permission === 1,
    mount_read_only: row.mount_permission === 1 && row.mount_read_only === 1,
    basic_path: row.basic_path,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The create response: the only time the full key leaves the server. */
export function presentCreatedApiKey(row: ApiKeyRow, key: string): CreatedApiKey {
  return { ...presentApiKey(row), key };
}

/** GET /api/test/api-key: the key's own view of itself (SPEC §3 info form). */
export function presentApiKeyInfo(actor: ApiKeyActor): ApiKeyInfo {
  return {
    name: actor.name,
    basic_path: actor.basicPath,
    permissions: {
      ...actor.permissions,
      mount_read_only: actor.permissions.mount && actor.mountReadOnly,
    },
    key_info: { id: actor.keyId, name: actor.name, basic_path: actor.basicPath },
  };
}

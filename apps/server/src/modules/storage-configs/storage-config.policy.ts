import type { Actor } from '../../core/actor.js';
import { hasPermission } from '../../core/access-policy.js';

/**
 * Which storage configs an identity may upload to: every one (admin), those open to API keys
 * (a key with the file permission), only the default (guests, when guest uploads are on).
 */
export type UploadStorageScope = 'all' | 'api_keys' | 'default_only';

/** Why an identity may not upload at all: no credentials, or a key without file permission. */
export type UploadStorageDenial = 'UNAUTHORIZED' | 'PERMISSION_DENIED';

/** The upload scope of an actor, or why it has none. */
export function uploadStorageScope(
  actor: Actor,
  allowGuestUploads: boolean,
): { scope: UploadStorageScope } | { denial: UploadStorageDenial } {
  if (actor.kind === 'admin') return { scope: 'all' };
  if (actor.kind === 'apikey') {
    return hasPermission(actor, 'file') ? { scope: 'api_keys' } : { denial: 'PERMISSION_DENIED' };
  }
  return allowGuestUploads ? { scope: 'default_only' } : { denial: 'UNAUTHORIZED' };
}

/** Whether a config is in a scope. */
export function inUploadScope(
  scope: UploadStorageScope,
  config: { is_default: boolean; allow_api_keys: boolean },
): boolean {
  if (scope === 'all') return true;
  if (scope === 'api_keys') return config.allow_api_keys;
  return config.is_default;
}

import type { ApiKeyInfo, SystemSettings } from '@pasteport/contract';
import { AUTH_STORAGE_KEYS } from '../lib/storage';
import { ok, stubServer, type FakeRoutes } from './fake-server';

/** An admin session expiring far in the future. */
export const ADMIN = {
  token: 'admin-token-1',
  username: 'root',
  expiresAt: '2999-01-01T00:00:00.000Z',
};

/** The settings a fresh server has. */
export const DEFAULT_SETTINGS: SystemSettings = {
  max_upload_size: 100,
  webdav_upload_mode: 'direct',
  webdav_ignore_system_files: true,
  allow_guest_pastes: true,
  allow_guest_uploads: false,
};

/** Stores an admin session in localStorage, as a previous visit would have left it. */
export function seedAdminSession(): void {
  localStorage.setItem(AUTH_STORAGE_KEYS.adminToken, ADMIN.token);
  localStorage.setItem(AUTH_STORAGE_KEYS.adminUsername, ADMIN.username);
  localStorage.setItem(AUTH_STORAGE_KEYS.adminExpiresAt, ADMIN.expiresAt);
  localStorage.setItem(AUTH_STORAGE_KEYS.type, 'admin');
}

/** A key's info as GET /test/api-key answers it. */
export function keyInfo(
  permissions: Partial<ApiKeyInfo['permissions']>,
  basicPath = '/',
  name = 'ci-bot',
) {
  return {
    name,
    basic_path: basicPath,
    permissions: { text: false, file: false, mount: false, mount_read_only: false, ...permissions },
    key_info: { id: 'key-1', name, basic_path: basicPath },
  };
}

/** Stores an API key session in localStorage. */
export function seedApiKeySession(info: ReturnType<typeof keyInfo>, key = 'pp_key_123'): void {
  localStorage.setItem(AUTH_STORAGE_KEYS.apiKey, key);
  localStorage.setItem(AUTH_STORAGE_KEYS.apiKeyPermissions, JSON.stringify(info.permissions));
  localStorage.setItem(AUTH_STORAGE_KEYS.apiKeyInfo, JSON.stringify(info.key_info));
  localStorage.setItem(AUTH_STORAGE_KEYS.type, 'apikey');
}

/** Routes of a server that accepts the seeded admin and has no keys yet. */
export function adminServerRoutes(): FakeRoutes {
  return {
    'GET /api/test/admin-token': () =>
      ok({ username: ADMIN.username, expires_at: ADMIN.expiresAt }),
    'GET /api/admin/api-keys': () => ok([]),
    'GET /api/admin/system-settings': () => ok(DEFAULT_SETTINGS),
    // The dashboard is the admin's landing module: an empty instance.
    'GET /api/admin/dashboard/stats': () =>
      ok({
        counts: { pastes: 0, files: 0, api_keys: 0, storage_configs: 1 },
        storage: [],
        daily: Array.from({ length: 7 }, (_, i) => ({
          date: `2026-11-${String(17 + i).padStart(2, '0')}`,
          pastes: 0,
          files: 0,
        })),
      }),
    'GET /api/admin/cache/stats': () => ok([]),
  };
}

/** Starts signed in as the admin against a fake server; `routes` add to or override it. */
export function signInAsAdmin(routes: FakeRoutes = {}) {
  seedAdminSession();
  return stubServer({ ...adminServerRoutes(), ...routes });
}

/** Starts signed in with an API key against a fake server that accepts it. */
export function signInWithApiKey(info: ReturnType<typeof keyInfo>, routes: FakeRoutes = {}) {
  seedApiKeySession(info);
  return stubServer({ 'GET /api/test/api-key': () => ok(info), ...routes });
}

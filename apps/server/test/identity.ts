import type { ApiKeyPermissions, CreatedApiKey } from '@pasteport/contract';
import { systemClock } from '../src/lib/clock.js';
import { createAdminRepository } from '../src/modules/auth/admin.repository.js';
import { ensureInitialAdmin } from '../src/modules/auth/initial-admin.js';
import { afterEach, beforeEach } from 'vitest';
import { buildTestApp, type TestApp } from './app-harness.js';
import type { DatabaseKindUnderTest } from './databases.js';

export const TEST_ADMIN = { username: 'admin', password: 'correct-horse-battery' };

/** Creates the administrator (as the first start does) with known credentials. */
export async function givenAdmin(t: TestApp, admin = TEST_ADMIN): Promise<typeof admin> {
  await ensureInitialAdmin(createAdminRepository(t.database.db), admin, systemClock);
  return admin;
}

/** Logs in through the API and returns the session token. */
export async function loginAs(t: TestApp, admin = TEST_ADMIN, ip = '127.0.0.1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: admin,
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** An admin session token for a fresh app: creates the admin and logs in. */
export async function adminToken(t: TestApp): Promise<string> {
  await givenAdmin(t);
  return loginAs(t);
}

/** Creates an API key through the admin API. */
export async function givenApiKey(
  t: TestApp,
  token: string,
  options: Partial<ApiKeyPermissions> & {
    basic_path?: string;
    expires_at?: string | null;
    name?: string;
    custom_key?: string;
  } = {},
): Promise<CreatedApiKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      name: options.name ?? 'test key',
      expires_at: options.expires_at ?? null,
      text_permission: options.text ?? false,
      file_permission: options.file ?? false,
      mount_permission: options.mount ?? false,
      basic_path: options.basic_path ?? '/',
      ...(options.custom_key ? { custom_key: options.custom_key } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: CreatedApiKey }>().data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const apiKey = (key: string) => ({ authorization: `ApiKey ${key}` });

/**
 * A fresh app per test on `kind` with a signed-in administrator; the returned getters read the
 * current test's app and token.
 */
export function useAdminApp(
  kind: DatabaseKindUnderTest,
  options: Parameters<typeof buildTestApp>[1] = {},
) {
  let app: TestApp | undefined;
  let token = '';
  beforeEach(async () => {
    app = await buildTestApp(kind, options);
    token = await adminToken(app);
  });
  afterEach(() => app?.close());
  return {
    get t(): TestApp {
      if (!app) throw new Error('useAdminApp: no app outside a test');
      return app;
    },
    get token(): string {
      return token;
    },
  };
}

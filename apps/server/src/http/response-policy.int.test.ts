import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.js';
import { directUpload, givenStorage } from '../../test/files.js';
import { apiKey, givenApiKey, TEST_ADMIN, useAdminApp } from '../../test/identity.js';

/**
 * Small leaks found by attacking a running server: login and admin answers that a shared
 * cache could keep, share pages that told remote images their URL, and a 503 that showed an
 * API key where the server keeps its files.
 */
describe.each(DATABASE_KINDS)('what answers give away on %s', (kind) => {
  const admin = useAdminApp(kind);

  it('marks login and admin answers no-store', async () => {
    const { t, token } = admin;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: TEST_ADMIN,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-settings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.headers['cache-control']).toBe('no-store');
  });

  it('sends no Referer from any page of the app', async () => {
    const res = await admin.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('does not show an API key the server path of a missing storage folder', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { allow_api_keys: true });
    const key = await givenApiKey(t, token, { file: true });
    const root = path.join(t.dataDir, 'storage');
    await rm(root, { recursive: true, force: true });
    const res = await directUpload(
      t,
      apiKey(key.key),
      { s3_config_id: configId },
      { filename: 'a.txt', type: 'text/plain', data: Buffer.from('x') },
    );
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain(t.dataDir);
    expect(res.body).not.toContain(root);
  });
});

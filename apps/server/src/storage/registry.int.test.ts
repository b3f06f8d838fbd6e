import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { DATABASE_KINDS } from '../../test/databases.js';

describe.each(DATABASE_KINDS)('storage registry on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  it('creates exactly one default local storage config, in DATA_DIR/storage', async () => {
    await t.storage.ensureDefault();
    const rows = await t.database.db.selectFrom('storage_configs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ driver: 'local', provider_type: 'local', is_default: 1 });
    expect(JSON.parse(rows[0]?.options ?? '{}')).toEqual({ root: 'storage' });
    const driver = await t.storage.getDefault();
    expect(driver.kind).toBe('local');
    expect(driver.id).toBe(rows[0]?.id);
    expect(await driver.check()).toEqual({ ok: true });
  });

  it('reuses one driver per config and refuses unknown ids', async () => {
    const a = await t.storage.getDefault();
    expect(await t.storage.getDriver(a.id)).toBe(a);
    await expect(t.storage.getDriver('no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves the default storage’s signed URLs through the app, sandboxed', async () => {
    const driver = await t.storage.getDefault();
    await driver.write(
      'docs/page.html',
      Readable.from([Buffer.from('<script>alert(1)</script>')]),
      {
        contentType: 'text/html',
      },
    );
    const signed = await driver.presignGet('docs/page.html', { expiresInSeconds: 60 });
    expect(signed.url.startsWith('/api/storage/local/')).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: signed.url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<script>alert(1)</script>');
    expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);

    const tampered = signed.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await t.app.inject({ method: 'GET', url: tampered });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN', success: false });
  });

  it('accepts an upload to a signed PUT URL and stores it', async () => {
    const driver = await t.storage.getDefault();
    const signed = await driver.presignPut('up/hello.txt', {
      contentType: 'text/plain',
      contentLength: 5,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: signed.url,
      headers: { ...signed.headers, 'content-length': '5' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(await driver.stat('up/hello.txt')).toMatchObject({ size: 5, contentType: 'text/plain' });
  });
});

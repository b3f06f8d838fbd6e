import { randomBytes } from 'node:crypto';
import type { FileDetail, FileUnlocked, PublicFile } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('shared files on %s', (kind) => {
  const clock = movableClock(new Date('2026-11-23T00:00:00.000Z'));
  const admin = useAdminApp(kind, {
    clock,
    throttleLimits: { perUser: 3, perIp: 50, windowMs: HOUR, lockMs: HOUR },
  });

  async function share(
    fields: Record<string, string>,
    file: { filename: string; type: string; data: Buffer },
    storageKind: (typeof STORAGE_KINDS)[number] = 'local',
  ): Promise<FileDetail> {
    const configId = await givenStorage(admin.t, admin.token, storageKind);
    const res = await directUpload(
      admin.t,
      bearer(admin.token),
      { s3_config_id: configId, ...fields },
      file,
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ data: FileDetail }>().data;
  }
  const text = (s: string) => ({ filename: 'a.txt', type: 'text/plain', data: Buffer.from(s) });

  it('answers info without counting, and HEAD without counting', async () => {
    const { t } = admin;
    await share({ slug: 'info' }, text('hello'));
    const info = await t.app.inject({ method: 'GET', url: '/api/public/files/info' });
    expect(info.statusCode).toBe(200);
    expect(info.json<{ data: PublicFile }>().data).toMatchObject({
      slug: 'info',
      filename: 'a.txt',
      size: 5,
      views: 0,
      has_password: false,
      preview_url: '/api/file-view/info',
      download_url: '/api/file-download/info',
      manage_id: null,
    });
    const head = await t.app.inject({ method: 'HEAD', url: '/api/file-download/info' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('5');
    const after = await t.app.inject({ method: 'GET', url: '/api/public/files/info' });
    expect(after.json<{ data: PublicFile }>().data.views).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/public/files/nope' })).statusCode).toBe(
      404,
    );
  });

  it('protects a password file: prompt, 401, verify token, ?password, throttled', async () => {
    const { t } = admin;
    await share({ slug: 'secret', password: 'pw-123' }, text('classified'));
    const info = await t.app.inject({ method: 'GET', url: '/api/public/files/secret' });
    expect(info.json()).toMatchObject({
      data: { slug: 'secret', has_password: true, password_required: true },
    });
    expect(JSON.stringify(info.json())).not.toContain('a.txt');
    expect((await download(t, 'secret')).statusCode).toBe(401);
    expect((await download(t, 'secret', '?password=wrong')).statusCode).toBe(401);
    expect((await download(t, 'secret', '?password=pw-123')).body).toBe('classified');

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/public/files/secret/verify',
      payload: { password: 'pw-123' },
    });
    expect(verify.statusCode).toBe(200);
    const unlocked = verify.json<{ data: FileUnlocked }>().data;
    expect(unlocked.filename).toBe('a.txt');
    expect(unlocked.download_url).toContain('?token=');
    const viaToken = await t.app.inject({ method: 'GET', url: unlocked.download_url });
    expect(viaToken.body).toBe('classified');
    expect((await download(t, 'secret', '?token=forged.token')).statusCode).toBe(401);
    clock.advance(2 * HOUR);
    expect((await t.app.inject({ method: 'GET', url: unlocked.download_url })).statusCode).toBe(
      401,
    );

    // Three wrong passwords lock this file for the address (429 with Retry-After).
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/public/files/secret/verify',
        payload: { password: 'x' },
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/public/files/secret/verify',
      payload: { password: 'pw-123' },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeTruthy();
  });

  it('expires: 410 with the reason, for info and content', async () => {
    const { t } = admin;
    await share({ slug: 'short', expires_in: '1' }, text('soon gone'));
    expect((await download(t, 'short')).statusCode).toBe(200);
    clock.advance(HOUR + 1000);
    const info = await t.app.inject({ method: 'GET', url: '/api/public/files/short' });
    expect(info.statusCode).toBe(410);
    expect(info.json()).toMatchObject({
      error: 'GONE',
      details: [{ field: 'file', rule: 'expired' }],
    });
    expect((await download(t, 'short')).statusCode).toBe(410);
  });

  it.each(STORAGE_KINDS)(
    'gives exactly 3 of 30 concurrent downloads of a max_views = 3 file (%s)',
    async (storageKind) => {
      const { t } = admin;
      await share({ slug: 'three', max_views: '3' }, text('limited'), storageKind);
      const results = await Promise.all(Array.from({ length: 30 }, () => download(t, 'three')));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(3);
      expect(ok.every((r) => r.body === 'limited')).toBe(true);
      expect(results.filter((r) => r.statusCode === 410)).toHaveLength(27);
      const info = await t.app.inject({ method: 'GET', url: '/api/public/files/three' });
      expect(info.json()).toMatchObject({ details: [{ rule: 'view_limit' }] });
    },
  );

  it.each(STORAGE_KINDS)(
    'serves Range requests and revalidates with ETag (%s)',
    async (storageKind) => {
      const { t } = admin;
      const data = randomBytes(5000);
      const file = await share(
        { slug: 'ranged', max_views: '2' },
        { filename: 'r.bin', type: 'application/octet-stream', data },
        storageKind,
      );
      const first = await t.app.inject({
        method: 'GET',
        url: '/api/file-view/ranged',
        headers: { range: 'bytes=0-99' },
      });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe('bytes 0-99/5000');
      expect(first.rawPayload.equals(data.subarray(0, 100))).toBe(true);
      // A continuing range of the same read (it carries the counted read's grant) does not
      // count again.
      const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
      expect(cookie).toMatch(/^pp_view_ranged=/);
      const tail = await t.app.inject({
        method: 'GET',
        url: '/api/file-view/ranged',
        headers: { range: 'bytes=4000-', cookie },
      });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(data.subarray(4000))).toBe(true);
      const unsatisfiable = await t.app.inject({
        method: 'GET',
        url: '/api/file-view/ranged',
        headers: { range: 'bytes=6000-', cookie },
      });
      expect(unsatisfiable.statusCode).toBe(416);
      const etag = String(first.headers.etag);
      expect(etag).toBe(`"${file.etag}"`);
      const cached = await t.app.inject({
        method: 'GET',
        url: '/api/file-view/ranged',
        headers: { 'if-none-match': etag },
      });
      expect(cached.statusCode).toBe(304);
      const info = await t.app.inject({ method: 'GET', url: '/api/public/files/ranged' });
      expect(info.json<{ data: PublicFile }>().data.views).toBe(1);
    },
  );

  it('never runs HTML or SVG on this origin; passive types may be framed by the app', async () => {
    const { t } = admin;
    await share(
      { slug: 'page' },
      { filename: 'page.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') },
    );
    await share(
      { slug: 'pic' },
      { filename: 'p.svg', type: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') },
    );
    await share(
      { slug: 'doc' },
      { filename: 'Bericht März.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4') },
    );
    for (const slug of ['page', 'pic']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/file-view/${slug}` });
      expect(res.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);
    }
    const pdf = await t.app.inject({ method: 'GET', url: '/api/file-view/doc' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="Bericht M_rz.pdf"; filename*=UTF-8''Bericht%20M%C3%A4rz.pdf`,
    );
    expect(pdf.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    const attachment = await t.app.inject({ method: 'GET', url: '/api/file-download/doc' });
    expect(String(attachment.headers['content-disposition'])).toMatch(
      /^attachment; filename="Bericht M_rz.pdf"/,
    );
  });

  it('redirects direct-mode downloads to a short-lived storage URL, counted; views stay here', async () => {
    const { t } = admin;
    await share({ slug: 'direct', access_mode: 'direct', max_views: '5' }, text('via storage'));
    const res = await download(t, 'direct');
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    const followed = await t.app.inject({ method: 'GET', url: location });
    expect(followed.body).toBe('via storage');
    const info = await t.app.inject({ method: 'GET', url: '/api/public/files/direct' });
    expect(info.json<{ data: PublicFile }>().data.views).toBe(1);
    // Inline views stay on this origin, where the app's CSP lets the file page show them.
    const view = await t.app.inject({ method: 'GET', url: '/api/file-view/direct' });
    expect(view.statusCode).toBe(200);
    expect(view.body).toBe('via storage');
  });

  it('sends direct-mode downloads of a storage with a CDN host to that host', async () => {
    const { t } = admin;
    const configId = await givenStorage(t, admin.token, 's3', {
      custom_host: 'https://cdn.example.com/',
    });
    const res = await directUpload(
      t,
      bearer(admin.token),
      { s3_config_id: configId, slug: 'cdn', access_mode: 'direct', path: 'pics' },
      { filename: 'a b.txt', type: 'text/plain', data: Buffer.from('x') },
    );
    const file = res.json<{ data: FileDetail }>().data;
    const location = String((await download(t, 'cdn')).headers.location);
    expect(location).toMatch(/^https:\/\/cdn\.example\.com\/files\/[0-9a-f-]{36}\/pics\//);
    expect(location.endsWith(`/${file.id}/a%20b.txt`)).toBe(true);
  });

  it('gives the office viewer an absolute, time-limited URL and counts it', async () => {
    const { t } = admin;
    await share(
      { slug: 'report' },
      {
        filename: 'r.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: Buffer.from('PK'),
      },
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/office-preview/report',
      headers: { host: 'share.example.com' },
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ data: { url: string } }>().data;
    expect(url).toMatch(/^http:\/\/share\.example\.com\/api\/office-file\/report\?grant=/);
    const fetched = await t.app.inject({
      method: 'GET',
      url: url.replace('http://share.example.com', ''),
    });
    expect(fetched.body).toBe('PK');
  });
});

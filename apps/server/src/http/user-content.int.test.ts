import type { FileDetail } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.js';
import { directUpload, download, givenStorage } from '../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../test/identity.js';

/**
 * Attack: stored XSS through a client-chosen content type. A file-only API key uploads
 * `evil.html` declared as `text/plain, text/html`; the administrator opens its view link.
 * Before the fix the type was stored as given and served inline, and the script ran on the
 * app origin. What must come back: a normalised type, inline only for passive types, and a
 * sandbox CSP with nosniff on every user-content answer.
 */
describe.each(DATABASE_KINDS)('user content on the app origin on %s', (kind) => {
  const admin = useAdminApp(kind);
  const script = Buffer.from('<script>fetch("/api/admin/api-keys",{method:"POST"})</script>');

  async function keyUpload(fields: Record<string, string>, type: string, filename = 'evil.html') {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { allow_api_keys: true });
    const key = await givenApiKey(t, token, { file: true });
    return directUpload(
      t,
      apiKey(key.key),
      { s3_config_id: configId, ...fields },
      { filename, type, data: script },
    );
  }

  it('stores a list of types as application/octet-stream and serves it as an attachment', async () => {
    const { t } = admin;
    for (const [slug, fields, partType] of [
      ['listfield', { mimetype: 'text/plain, text/html' }, 'text/plain'],
      ['listpart', {}, 'text/plain, text/html'],
      ['xsl', {}, 'text/xsl'],
      ['xhtml', { mimetype: 'application/xhtml+xml' }, 'text/plain'],
    ] as const) {
      const res = await keyUpload({ slug, ...fields }, partType);
      expect(res.statusCode, res.body).toBe(201);
      const view = await t.app.inject({ method: 'GET', url: `/api/file-view/${slug}` });
      expect(view.statusCode).toBe(200);
      // One type, never a list a browser might read as HTML; valid active types stay as
      // they are and are made harmless by the disposition and the CSP below.
      if (slug.startsWith('list'))
        expect(view.headers['content-type']).toBe('application/octet-stream');
      expect(String(view.headers['content-disposition'])).toMatch(/^attachment/);
      expect(view.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(view.headers['x-content-type-options']).toBe('nosniff');
    }
    const stored = await t.app.inject({ method: 'GET', url: '/api/public/files/listfield' });
    expect(stored.json<{ data: FileDetail }>().data.mimetype).toBe('application/octet-stream');
  });

  it('refuses a type with CR/LF with a 400 naming mimetype, and stores nothing', async () => {
    const { t, token } = admin;
    const form = await keyUpload(
      { slug: 'crlf', mimetype: 'text/plain\r\nX-Evil: 1' },
      'text/plain',
    );
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain('mimetype');
    const presign = await t.app.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: bearer(token),
      payload: { filename: 'a.txt', size: 1, mimetype: 'text/plain\nX-Evil: 1' },
    });
    expect(presign.statusCode).toBe(400);
    expect(presign.json<{ details: { field: string }[] }>().details[0]?.field).toBe('mimetype');
    expect((await t.app.inject({ method: 'GET', url: '/api/public/files/crlf' })).statusCode).toBe(
      404,
    );
  });

  it('serves an older row stored with a hostile type without a 500', async () => {
    const { t } = admin;
    expect((await keyUpload({ slug: 'legacy' }, 'text/plain')).statusCode).toBe(201);
    await t.database.db
      .updateTable('files')
      .set({ mimetype: 'text/html\r\nX-Evil: 1' })
      .where('slug', '=', 'legacy')
      .execute();
    const res = await download(t, 'legacy');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-evil']).toBeUndefined();
  });

  it('shows only passive types inline, each sandboxed; active ones are attachments', async () => {
    const { t } = admin;
    const cases = [
      ['png', 'a.png', 'image/png', 'inline'],
      ['txt', 'a.txt', 'text/plain', 'inline'],
      ['webm', 'a.webm', 'video/webm', 'inline'],
      ['svg', 'a.svg', 'image/svg+xml', 'attachment'],
      ['html', 'a.html', 'text/html', 'attachment'],
      ['js', 'a.js', 'text/javascript', 'attachment'],
    ] as const;
    for (const [slug, filename, type, disposition] of cases) {
      expect((await keyUpload({ slug }, type, filename)).statusCode).toBe(201);
      const view = await t.app.inject({ method: 'GET', url: `/api/file-view/${slug}` });
      expect(String(view.headers['content-disposition']), slug).toMatch(
        new RegExp(`^${disposition}`),
      );
      expect(view.headers['content-security-policy'], slug).toMatch(/^sandbox;/);
      expect(view.headers['referrer-policy']).toBe('no-referrer');
      const saved = await download(t, slug);
      expect(String(saved.headers['content-disposition'])).toMatch(/^attachment/);
    }
  });

  it('applies the same rule to signed local-storage links (direct mode)', async () => {
    const { t } = admin;
    expect(
      (await keyUpload({ slug: 'direct', access_mode: 'direct' }, 'text/html')).statusCode,
    ).toBe(201);
    const redirect = await download(t, 'direct');
    expect(redirect.statusCode).toBe(302);
    const followed = await t.app.inject({ method: 'GET', url: String(redirect.headers.location) });
    expect(followed.statusCode).toBe(200);
    expect(String(followed.headers['content-disposition'])).toMatch(/^attachment/);
    expect(followed.headers['content-security-policy']).toMatch(/^sandbox;/);
  });
});

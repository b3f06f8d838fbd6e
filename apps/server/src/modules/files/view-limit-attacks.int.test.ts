import type { FileDetail } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, givenStorage } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';

/**
 * Attacks on view limits. Before the fix only a request without Range (or from byte 0)
 * counted, so `Range: bytes=-1000000` or `bytes=1-` returned a limited file again and again;
 * and one view of an Office preview gave an inline link valid for an hour, untouched by a
 * password change or the view limit.
 */
describe.each(DATABASE_KINDS)('view limits under attack on %s', (kind) => {
  const clock = movableClock(new Date('2026-11-26T00:00:00.000Z'));
  const admin = useAdminApp(kind, { clock });
  const data = Buffer.from('0123456789'.repeat(100));

  async function share(slug: string, fields: Record<string, string> = {}): Promise<FileDetail> {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local');
    const res = await directUpload(
      t,
      bearer(token),
      { s3_config_id: configId, slug, ...fields },
      { filename: 'a.docx', type: 'application/octet-stream', data },
    );
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ data: FileDetail }>().data;
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    admin.t.app.inject({ method: 'GET', url, headers });
  /** Views as stored (the public info of a spent file is a 410). */
  const views = async (slug: string) =>
    (
      await admin.t.database.db
        .selectFrom('files')
        .select('views')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).views;
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0] ?? '';

  it.each(['bytes=-1000000', 'bytes=1-', 'bytes=500-599'])(
    'counts every ranged read without a continuation (%s)',
    async (range) => {
      await share('ranged', { max_views: '2' });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await get('/api/file-view/ranged', { range }));
      expect(answers.map((res) => res.statusCode)).toEqual([206, 206, 410, 410, 410]);
    },
  );

  it('lets the viewer who paid a view seek, even past the last view, and nobody else', async () => {
    await share('movie', { max_views: '1' });
    const first = await get('/api/file-view/movie', { range: 'bytes=0-99' });
    expect(first.statusCode).toBe(206);
    const cookie = cookieOf(first);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    for (const range of ['bytes=900-', 'bytes=0-', 'bytes=-10']) {
      const seek = await get('/api/file-view/movie', { range, cookie });
      expect(seek.statusCode, range).toBe(206);
    }
    expect(await views('movie')).toBe(1);
    // Without the grant, or with a full GET (a new download), the spent file is gone.
    expect((await get('/api/file-view/movie', { range: 'bytes=900-' })).statusCode).toBe(410);
    expect((await get('/api/file-view/movie', { cookie })).statusCode).toBe(410);
  });

  it('does not accept a grant of another file, a forged one or an expired one', async () => {
    await share('one', { max_views: '5' });
    await share('two', { max_views: '5' });
    const cookie = cookieOf(await get('/api/file-view/one', { range: 'bytes=0-9' }));
    const moved = cookie.replace('pp_view_one=', 'pp_view_two=');
    await get('/api/file-view/two', { range: 'bytes=10-19', cookie: moved });
    expect(await views('two')).toBe(1);
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    await get('/api/file-view/one', { range: 'bytes=10-19', cookie: forged });
    expect(await views('one')).toBe(2);
    clock.advance(31 * 60 * 1000);
    await get('/api/file-view/one', { range: 'bytes=10-19', cookie });
    expect(await views('one')).toBe(3);
  });

  it('gives the Office viewer a link for this file only, for minutes, revoked by a new password', async () => {
    const { token } = admin;
    const file = await share('report', { password: 'pw-1' });
    const preview = await get('/api/office-preview/report?password=pw-1');
    expect(preview.statusCode).toBe(200);
    const url = new URL(preview.json<{ data: { url: string } }>().data.url);
    const link = `${url.pathname}${url.search}`;
    const fetched = await get(link);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(data)).toBe(true);
    expect(String(fetched.headers['content-disposition'])).toMatch(/^attachment/);
    // Only this file, and only the Office purpose.
    await share('other');
    expect((await get(link.replace('/report?', '/other?'))).statusCode).toBe(403);
    // A new password revokes it at once.
    const changed = await admin.t.app.inject({
      method: 'PUT',
      url: `/api/admin/files/${file.id}`,
      headers: bearer(token),
      payload: { password: 'pw-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(link)).statusCode).toBe(403);
  });

  it('ends the Office link after five minutes', async () => {
    await share('brief');
    const preview = await get('/api/office-preview/brief');
    const url = new URL(preview.json<{ data: { url: string } }>().data.url);
    const link = `${url.pathname}${url.search}`;
    expect((await get(link)).statusCode).toBe(200);
    clock.advance(5 * 60 * 1000 + 1);
    expect((await get(link)).statusCode).toBe(403);
  });
});

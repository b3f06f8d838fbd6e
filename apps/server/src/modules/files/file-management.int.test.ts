import type { FileDetail, FileList } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

const text = (name: string, s = 'x') => ({
  filename: name,
  type: 'text/plain',
  data: Buffer.from(s),
});

describe.each(DATABASE_KINDS)('file management on %s', (kind) => {
  const admin = useAdminApp(kind);

  async function upload(headers: Record<string, string>, name: string, fields = {}) {
    const res = await directUpload(admin.t, headers, fields, text(name));
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ data: FileDetail }>().data;
  }

  it('lists with limit/offset and search; edits; deletes the stored object too', async () => {
    const { t } = admin;
    const auth = bearer(admin.token);
    for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) await upload(auth, name);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/files?limit=2&offset=0',
      headers: auth,
    });
    expect(page.json<{ data: FileList }>().data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json<{ data: FileList }>().data.items).toHaveLength(2);
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/admin/files?search=amm',
      headers: auth,
    });
    const [gamma] = found.json<{ data: FileList }>().data.items;
    expect(found.json<{ data: FileList }>().data.total).toBe(1);
    expect(gamma?.filename).toBe('gamma.txt');

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/files/${gamma?.id}`,
      headers: auth,
      payload: { slug: 'renamed', remark: 'note', password: 'pw', max_views: 4, expires_in: 2 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ data: FileDetail }>().data).toMatchObject({
      slug: 'renamed',
      remark: 'note',
      has_password: true,
      max_views: 4,
    });
    expect(edit.json<{ data: FileDetail }>().data.expires_at).not.toBeNull();
    const clear = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/files/${gamma?.id}`,
      headers: auth,
      payload: { password: null, expires_in: 0 },
    });
    expect(clear.json<{ data: FileDetail }>().data).toMatchObject({
      has_password: false,
      expires_at: null,
    });
    const taken = await upload(auth, 'delta.txt', { slug: 'taken' });
    const conflict = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/files/${taken.id}`,
      headers: auth,
      payload: { slug: 'RENAMED' },
    });
    expect(conflict.statusCode).toBe(409);

    const driver = await t.storage.getDefault();
    expect(await driver.stat(taken.storage_path)).not.toBeNull();
    const all = page.json<{ data: FileList }>().data.items.map((f) => f.id);
    const batch = await t.app.inject({
      method: 'DELETE',
      url: '/api/admin/files/batch-delete',
      headers: auth,
      payload: { ids: [...all, taken.id] },
    });
    expect(batch.json()).toMatchObject({ data: { deleted: 3 } });
    expect(await driver.stat(taken.storage_path)).toBeNull();
    expect((await download(t, 'taken')).statusCode).toBe(404);
  });

  it('lets an API key manage only its own files; another key gets 404', async () => {
    const { t } = admin;
    const mine = await givenApiKey(t, admin.token, { file: true, name: 'mine' });
    const theirs = await givenApiKey(t, admin.token, { file: true, name: 'theirs' });
    const file = await upload(apiKey(mine.key), 'own.txt');
    expect(file.created_by).toBe(`apikey:${mine.id}`);
    const other = await upload(apiKey(theirs.key), 'other.txt');

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user/files',
      headers: apiKey(mine.key),
    });
    expect(list.json<{ data: FileList }>().data.items.map((f) => f.filename)).toEqual(['own.txt']);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/user/files/${other.id}`,
        headers: apiKey(mine.key),
        ...(method === 'PUT' ? { payload: { remark: 'hijack' } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    const batch = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/files/batch-delete',
      headers: apiKey(mine.key),
      payload: { ids: [other.id, file.id] },
    });
    expect(batch.json()).toMatchObject({ data: { deleted: 1 } });
    expect((await download(t, other.slug)).statusCode).toBe(200);
    // The public info tells the owner (and only the owner) how to manage a file.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/public/files/${other.slug}`,
      headers: apiKey(theirs.key),
    });
    expect(info.json()).toMatchObject({ data: { manage_id: other.id } });
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/public/files/${other.slug}`,
      headers: apiKey(mine.key),
    });
    expect(stranger.json()).toMatchObject({ data: { manage_id: null } });
  });

  it('decides who may upload: guests per setting, keys by permission and storage', async () => {
    const { t } = admin;
    const guest = await directUpload(t, {}, {}, text('g.txt'));
    expect(guest.statusCode).toBe(401);
    const textOnly = await givenApiKey(t, admin.token, { text: true });
    expect((await directUpload(t, apiKey(textOnly.key), {}, text('k.txt'))).statusCode).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: bearer(admin.token),
      payload: { allow_guest_uploads: true },
    });
    const allowed = await directUpload(t, {}, {}, text('g.txt'));
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json<{ data: FileDetail }>().data.created_by).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/files' });
    expect(list.statusCode).toBe(401);
  });
});

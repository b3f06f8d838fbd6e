import type { FileDetail, FsList } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { LOCK_BODY, PROPPATCH_BODY, storageContents } from '../../../test/dav.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, givenStorage } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';
import { createMount, seedObject } from '../../../test/mounts.js';

/*
 * What `read_only` on a mount means: every write through the mount's doors — the fs API and
 * WebDAV — is 403, whoever asks. A file share is no write into the mount: sharing one of its
 * objects adds a row pointing at it, and a share upload goes to a storage config, not through a
 * mount, so neither is blocked (docs/ARCHITECTURE.md, "Mounts (server)").
 */
describe.each(DATABASE_KINDS)('a read-only mount on %s', (kind) => {
  const admin = useAdminApp(kind);

  it('refuses every write through the fs API and WebDAV, and blocks no file share', async () => {
    const { t, token } = admin;
    const auth = bearer(token);
    const frozen = await givenStorage(t, token, 'local');
    const open = await givenStorage(t, token, 's3');
    await seedObject(t, frozen, 'seeded.txt', Buffer.from('seeded'));
    await seedObject(t, open, 'o.txt', Buffer.from('open'));
    await createMount(t, token, '/frozen', frozen, { read_only: true, cache_ttl: 0 });
    await createMount(t, token, '/open', open, { cache_ttl: 0 });
    const before = await storageContents(t, frozen);

    const api: [string, string, object][] = [
      ['POST', '/api/fs/mkdir', { path: '/frozen/dir' }],
      ['POST', '/api/fs/update', { path: '/frozen/u.txt', content: 'u' }],
      ['POST', '/api/fs/rename', { oldPath: '/frozen/seeded.txt', newPath: '/open/r.txt' }],
      ['DELETE', '/api/fs/batch-remove', { paths: ['/frozen/seeded.txt'] }],
      [
        'POST',
        '/api/fs/batch-copy',
        { items: [{ sourcePath: '/open/o.txt', targetPath: '/frozen/c.txt' }] },
      ],
    ];
    for (const [method, url, payload] of api) {
      const res = await t.app.inject({ method: method as 'POST', url, headers: auth, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'READ_ONLY' });
    }
    const xml = { 'content-type': 'application/xml' };
    const dav: [string, string, Record<string, string>, string?][] = [
      ['PUT', '/dav/frozen/new.txt', {}, 'new'],
      ['MKCOL', '/dav/frozen/dir', {}],
      ['DELETE', '/dav/frozen/seeded.txt', {}],
      ['MOVE', '/dav/frozen/seeded.txt', { destination: '/dav/open/moved.txt' }],
      ['COPY', '/dav/open/o.txt', { destination: '/dav/frozen/copied.txt' }],
      ['PROPPATCH', '/dav/frozen/seeded.txt', xml, PROPPATCH_BODY],
      ['LOCK', '/dav/frozen/seeded.txt', xml, LOCK_BODY],
    ];
    for (const [method, url, headers, body] of dav) {
      const res = await t.app.inject({
        method: method as 'PUT',
        url,
        headers: { ...auth, ...headers },
        ...(body !== undefined && { payload: body }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
    }
    expect(await storageContents(t, frozen)).toEqual(before);
    expect(await storageContents(t, open)).toEqual({ 'o.txt': 'open' });

    // Sharing an object of the mount writes nothing into it.
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/fs/share',
      headers: auth,
      payload: { path: '/frozen/seeded.txt', slug: 'frozen-share' },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect((await download(t, 'frozen-share')).body).toBe('seeded');
    // A share upload names a storage config, not a mount: it lands in the storage the read-only
    // mount shows, and the mount lists it.
    const uploaded = await directUpload(
      t,
      auth,
      { s3_config_id: frozen },
      { filename: 'up.txt', type: 'text/plain', data: Buffer.from('uploaded') },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { storage_path: key } = uploaded.json<{ data: FileDetail }>().data;
    expect((await storageContents(t, frozen))[key]).toBe('uploaded');
    const top = key.split('/')[0]!;
    const listing = await t.app.inject({
      method: 'GET',
      url: '/api/fs/list?path=/frozen',
      headers: auth,
    });
    expect(listing.json<{ data: FsList }>().data.items.map((item) => item.name)).toContain(top);
  });
});

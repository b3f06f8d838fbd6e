import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { bearer, givenApiKey, TEST_ADMIN, useAdminApp } from '../../../test/identity.js';
import { createMount, readObject } from '../../../test/mounts.js';
import { hrefOf } from './dav-paths.js';

/*
 * WebDAV's own behaviour beyond what litmus checks (dav-litmus.int.test.ts): names that need
 * encoding, Depth, the fs API's caches and index following WebDAV writes, upload modes, limits,
 * system files, conditional GETs and properties that go with their object.
 */

const BASIC = {
  authorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`,
};
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** Each name percent-encoded, as a client puts it in a URL. */
const url = (path: string, collection = false) => hrefOf(path, collection);

function dav(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  payload?: string | Buffer | Readable,
) {
  return t.app.inject({
    method: method as 'GET',
    url: path,
    headers: { ...BASIC, ...headers },
    ...(payload !== undefined && { payload }),
  });
}

/** The hrefs of a multistatus answer, decoded back to virtual paths. */
function hrefs(body: string): string[] {
  return [...body.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) =>
    decodeURIComponent(m[1]!.replace(/&amp;/g, '&')).replace(/^\/dav/, ''),
  );
}

async function setSettings(t: TestApp, token: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/system-settings',
    headers: bearer(token),
    payload,
  });
  expect(res.statusCode).toBe(200);
}

describe.each(DATABASE_KINDS)('WebDAV methods on %s', (kind) => {
  const ctx = useAdminApp(kind);

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind) => {
    it('round-trips names that need encoding, lists them with encoded hrefs, with or without a slash', async () => {
      const { t, token } = ctx;
      const storage = await givenStorage(t, token, storageKind);
      await createMount(t, token, '/m', storage, { cache_ttl: 300 });
      const names = ['文件 一.txt', 'a#b.txt', '100%+x.md', 'space name'];
      expect((await dav(t, 'MKCOL', url('/m/数据 dir'))).statusCode).toBe(201);
      for (const name of names) {
        const res = await dav(t, 'PUT', url(`/m/数据 dir/${name}`), {}, `content of ${name}`);
        expect(res.statusCode, name).toBe(201);
      }
      for (const suffix of ['', '/']) {
        const res = await dav(t, 'PROPFIND', `${url('/m/数据 dir')}${suffix}`, { depth: '1' });
        expect(res.statusCode).toBe(207);
        expect(hrefs(res.body).sort()).toEqual(
          ['/m/数据 dir/', ...names.map((n) => `/m/数据 dir/${n}`)].sort(),
        );
      }
      const got = await dav(t, 'GET', url('/m/数据 dir/100%+x.md'));
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe('content of 100%+x.md');
      expect(got.headers.etag).toMatch(/^"/);
    });

    it('is followed by the fs listing cache and the search index', async () => {
      const { t, token } = ctx;
      const storage = await givenStorage(t, token, storageKind);
      await createMount(t, token, '/m', storage, { cache_ttl: 300 });
      const list = async () =>
        (await t.app.inject({ url: '/api/fs/list?path=/m', headers: bearer(token) })).json<{
          data: { items: { name: string; etag?: string }[] };
        }>().data.items;
      expect(await list()).toEqual([]); // the empty page is now cached for 300 s
      expect((await dav(t, 'PUT', url('/m/zebra-找到.txt'), {}, 'z')).statusCode).toBe(201);
      const items = await list();
      expect(items.map((item) => item.name)).toEqual(['zebra-找到.txt']);
      const found = await t.app.inject({
        url: `/api/fs/search?q=${encodeURIComponent('bra-找')}`,
        headers: bearer(token),
      });
      expect(
        found.json<{ data: { results: { path: string }[] } }>().data.results.map((r) => r.path),
      ).toEqual(['/m/zebra-找到.txt']);
      // The listing carries the entity tag GET answers, so a PROPFIND child and a GET agree.
      const get = await dav(t, 'GET', url('/m/zebra-找到.txt'));
      expect(`"${items[0]!.etag}"`).toBe(get.headers.etag);
      expect((await dav(t, 'DELETE', url('/m/zebra-找到.txt'))).statusCode).toBe(204);
      expect(await list()).toEqual([]);
    });

    it('streams a chunked PUT of unknown length in both upload modes', async () => {
      const { t, token } = ctx;
      const storage = await givenStorage(t, token, storageKind);
      await createMount(t, token, '/m', storage);
      for (const mode of ['direct', 'multipart'] as const) {
        await setSettings(t, token, { webdav_upload_mode: mode });
        const data = randomBytes(6 * 1024 * 1024 + 123);
        const chunks = Array.from({ length: 7 }, (_, i) =>
          data.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
        );
        const res = await dav(
          t,
          'PUT',
          url(`/m/${mode}.bin`),
          { 'transfer-encoding': 'chunked' },
          Readable.from(chunks),
        );
        expect(res.statusCode, mode).toBe(201);
        expect(sha(await readObject(t, storage, `${mode}.bin`))).toBe(sha(data));
        const known = await dav(t, 'PUT', url(`/m/${mode}.bin`), {}, data);
        expect(known.statusCode).toBe(204);
      }
    });
  });

  it('refuses Depth infinity (and no Depth, which means it) with propfind-finite-depth', async () => {
    const { t, token } = ctx;
    await createMount(t, token, '/m', await givenStorage(t, token, 'local'));
    for (const headers of [{ depth: 'infinity' }, {}] as Record<string, string>[]) {
      const res = await dav(t, 'PROPFIND', '/dav/m/', headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('<D:propfind-finite-depth/>');
    }
  });

  it('answers a PUT over the quota 507, known length or chunked, storing nothing', async () => {
    const { t, token } = ctx;
    const storage = await givenStorage(t, token, 'local', { total_storage_bytes: 1000 });
    await createMount(t, token, '/m', storage);
    expect((await dav(t, 'PUT', '/dav/m/big.bin', {}, randomBytes(2000))).statusCode).toBe(507);
    const chunked = await dav(
      t,
      'PUT',
      '/dav/m/big.bin',
      { 'transfer-encoding': 'chunked' },
      Readable.from([randomBytes(1500)]),
    );
    expect(chunked.statusCode).toBe(507);
    expect(await (await t.storage.getDriver(storage)).stat('big.bin')).toBeNull();
    // The quota shows to clients that ask (RFC 4331): nothing counted yet, all of it free.
    const quota = await dav(
      t,
      'PROPFIND',
      '/dav/m/',
      { depth: '0' },
      '<D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>',
    );
    expect(quota.body).toContain('<D:quota-available-bytes>1000</D:quota-available-bytes>');
    expect(quota.body).toContain('<D:quota-used-bytes>0</D:quota-used-bytes>');
  });

  it("answers an API key's PUT over max_upload_size 413, storing nothing", async () => {
    const { t, token } = ctx;
    const storage = await givenStorage(t, token, 'local', { allow_api_keys: true });
    await createMount(t, token, '/m', storage);
    await setSettings(t, token, { max_upload_size: 1 });
    const key = await givenApiKey(t, token, { mount: true, basic_path: '/m' });
    const asKey = { authorization: `ApiKey ${key.key}` };
    expect((await dav(t, 'PUT', '/dav/m/ok.bin', asKey, randomBytes(1024))).statusCode).toBe(201);
    const over = randomBytes(1024 * 1024 + 1);
    expect((await dav(t, 'PUT', '/dav/m/k1.bin', asKey, over)).statusCode).toBe(413);
    const chunked = { ...asKey, 'transfer-encoding': 'chunked' };
    expect((await dav(t, 'PUT', '/dav/m/k2.bin', chunked, Readable.from([over]))).statusCode).toBe(
      413,
    );
    const driver = await t.storage.getDriver(storage);
    expect(await driver.stat('k1.bin')).toBeNull();
    expect(await driver.stat('k2.bin')).toBeNull();
  });

  it('answers system files as stored without storing them, unless the setting is off', async () => {
    const { t, token } = ctx;
    const storage = await givenStorage(t, token, 'local');
    await createMount(t, token, '/m', storage);
    const driver = await t.storage.getDriver(storage);
    for (const name of ['.DS_Store', '._photo.jpg', 'Thumbs.db', 'desktop.ini']) {
      expect((await dav(t, 'PUT', `/dav/m/${name}`, {}, 'junk')).statusCode).toBe(201);
      expect(await driver.stat(name), name).toBeNull();
    }
    await setSettings(t, token, { webdav_ignore_system_files: false });
    expect((await dav(t, 'PUT', '/dav/m/.DS_Store', {}, 'kept')).statusCode).toBe(201);
    expect((await readObject(t, storage, '.DS_Store')).toString()).toBe('kept');
  });

  it('answers conditional and ranged GETs', async () => {
    const { t, token } = ctx;
    await createMount(t, token, '/m', await givenStorage(t, token, 'local'));
    await dav(t, 'PUT', '/dav/m/r.txt', {}, '0123456789');
    const full = await dav(t, 'GET', '/dav/m/r.txt');
    const lastModified = full.headers['last-modified'] as string;
    expect(
      (await dav(t, 'GET', '/dav/m/r.txt', { 'if-none-match': full.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    expect(
      (await dav(t, 'GET', '/dav/m/r.txt', { 'if-modified-since': lastModified })).statusCode,
    ).toBe(304);
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await dav(t, 'GET', '/dav/m/r.txt', { 'if-modified-since': older })).statusCode).toBe(
      200,
    );
    const range = await dav(t, 'GET', '/dav/m/r.txt', { range: 'bytes=2-4' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('234');
    const head = await dav(t, 'HEAD', '/dav/m/r.txt');
    expect(head.headers['content-length']).toBe('10');
    expect(head.body).toBe('');
  });

  it('drops dead properties with their object, even when the fs API deletes it', async () => {
    const { t, token } = ctx;
    await createMount(t, token, '/m', await givenStorage(t, token, 'local'));
    await dav(t, 'PUT', '/dav/m/p.txt', {}, 'p');
    const patch = await dav(
      t,
      'PROPPATCH',
      '/dav/m/p.txt',
      { 'content-type': 'application/xml' },
      '<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:color>red</Z:color></D:prop></D:set></D:propertyupdate>',
    );
    expect(patch.statusCode).toBe(207);
    const ask =
      '<D:propfind xmlns:D="DAV:"><D:prop><Z:color xmlns:Z="urn:z"/></D:prop></D:propfind>';
    expect((await dav(t, 'PROPFIND', '/dav/m/p.txt', { depth: '0' }, ask)).body).toContain(
      '>red</R:color>',
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/fs/batch-remove',
      headers: bearer(token),
      payload: { paths: ['/m/p.txt'] },
    });
    expect(removed.statusCode).toBe(200);
    await dav(t, 'PUT', '/dav/m/p.txt', {}, 'p again');
    const again = await dav(t, 'PROPFIND', '/dav/m/p.txt', { depth: '0' }, ask);
    expect(again.body).not.toContain('red');
    expect(again.body).toContain('404 Not Found');
  });

  it('shows a folder to a browser as an index whose names are escaped', async () => {
    const { t, token } = ctx;
    await createMount(t, token, '/m', await givenStorage(t, token, 'local'));
    await dav(t, 'PUT', url('/m/<img src=x onerror=alert(1)>.txt'), {}, 'x');
    const res = await dav(t, 'GET', '/dav/m/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;.txt');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('keeps a collection when its last member is deleted or moved away', async () => {
    const { t, token } = ctx;
    await createMount(t, token, '/m', await givenStorage(t, token, 'local'));
    await dav(t, 'MKCOL', '/dav/m/keep');
    await dav(t, 'PUT', '/dav/m/keep/a.txt', {}, 'a');
    expect((await dav(t, 'DELETE', '/dav/m/keep/a.txt')).statusCode).toBe(204);
    expect((await dav(t, 'PROPFIND', '/dav/m/keep/', { depth: '0' })).statusCode).toBe(207);
    await dav(t, 'PUT', '/dav/m/keep/b.txt', {}, 'b');
    const moved = await dav(t, 'MOVE', '/dav/m/keep/b.txt', { destination: '/dav/m/b.txt' });
    expect(moved.statusCode).toBe(201);
    expect((await dav(t, 'PROPFIND', '/dav/m/keep/', { depth: '0' })).statusCode).toBe(207);
  });

  it('keeps guarding a locked path whose object vanished behind its back', async () => {
    const { t, token } = ctx;
    const storage = await givenStorage(t, token, 'local');
    await createMount(t, token, '/m', storage);
    const lockBody =
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';
    const lock = await dav(t, 'LOCK', '/dav/m/held.txt', {}, lockBody);
    expect(lock.statusCode).toBe(201); // an unmapped URL becomes an empty file
    expect((await readObject(t, storage, 'held.txt')).length).toBe(0);
    await (await t.storage.getDriver(storage)).deleteMany(['held.txt']);
    expect((await dav(t, 'PUT', '/dav/m/held.txt', {}, 'sneaky')).statusCode).toBe(423);
    const token2 = lock.headers['lock-token'] as string;
    expect((await dav(t, 'PUT', '/dav/m/held.txt', { if: `(${token2})` }, 'mine')).statusCode).toBe(
      201,
    );
  });
});

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  isWithinPath,
  type CacheStats,
  type FsFileLink,
  type FsInfo,
  type FsList,
} from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { givenStorage, STORAGE_KINDS, type StorageKind } from '../../../test/files.js';
import { adminToken, apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';
import { TRAVERSAL_PAYLOADS } from '../../../test/traversal.js';

type Headers = Record<string, string>;

/** Writes an object straight through the storage's driver (behind the API's back). */
async function seed(t: TestApp, storageId: string, key: string, body = 'x', type = 'text/plain') {
  const driver = await t.storage.getDriver(storageId);
  const data = Buffer.from(body);
  await driver.write(key, Readable.from([data]), { contentType: type, contentLength: data.length });
}

function get(t: TestApp, url: string, headers: Headers) {
  return t.app.inject({ method: 'GET', url, headers });
}

const q = (value: string) => encodeURIComponent(value);
const names = (list: FsList) => list.items.map((item) => item.name);

describe.each(DATABASE_KINDS)('fs reads on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);

  async function list(url: string, headers: Headers = auth()): Promise<FsList> {
    const res = await get(admin.t, url, headers);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: FsList }>().data;
  }

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind: StorageKind) => {
    /** Storage X (under test) at /team/docs and /team/media; another storage at /team. */
    async function givenTeam() {
      const { t, token } = admin;
      const storage = await givenStorage(t, token, storageKind, { allow_api_keys: true });
      const other = await givenStorage(t, token, 's3', { allow_api_keys: true });
      const docs = await createMount(t, admin.token, '/team/docs', storage);
      const media = await createMount(t, admin.token, '/team/media', storage);
      const team = await createMount(t, admin.token, '/team', other);
      return { storage, other, docs, media, team };
    }

    it('lists the virtual root, mounts with nested mounts, folders and files with sizes', async () => {
      const { t } = admin;
      const ids = await givenTeam();
      await createMount(t, admin.token, '/pub/archive/old', ids.storage);
      await seed(t, ids.storage, 'a.txt', 'hello');
      await seed(t, ids.storage, 'sub/b.bin', 'abc', 'application/octet-stream');
      await seed(t, ids.storage, 'sub/deeper/c.txt');
      await seed(t, ids.other, 'readme.md', '# hi');
      await seed(t, ids.other, 'docs/shadowed.txt');

      const root = await list('/api/fs/list?path=/');
      expect(root).toMatchObject({
        path: '/',
        isVirtual: true,
        mount_id: null,
        next_cursor: null,
        writable: false,
      });
      expect(root.items).toEqual([
        {
          name: 'pub',
          path: '/pub',
          isDirectory: true,
          size: 0,
          modified: null,
          mimetype: null,
        },
        {
          name: 'team',
          path: '/team',
          isDirectory: true,
          size: 0,
          modified: null,
          mimetype: null,
          isMount: true,
          mount_id: ids.team,
          storage_type: 'S3',
        },
      ]);
      expect(names(await list('/api/fs/list?path=/pub'))).toEqual(['archive']);

      // A mount with mounts nested below it: its own objects, the nested mounts once as folders.
      const team = await list('/api/fs/list?path=/team');
      expect(team).toMatchObject({ isVirtual: false, mount_id: ids.team, storage_type: 'S3' });
      expect(names(team)).toEqual(['docs', 'media', 'readme.md']);
      expect(team.items[0]).toMatchObject({ isMount: true, mount_id: ids.docs });

      const docs = await list('/api/fs/list?path=/team/docs');
      expect(docs.storage_type).toBe(storageKind === 'local' ? 'LOCAL' : 'S3');
      expect(docs.items).toEqual([
        expect.objectContaining({ name: 'sub', path: '/team/docs/sub', isDirectory: true }),
        expect.objectContaining({
          name: 'a.txt',
          path: '/team/docs/a.txt',
          isDirectory: false,
          size: 5,
          mimetype: 'text/plain',
        }),
      ]);
      expect(Date.parse(docs.items[1]!.modified!)).not.toBeNaN();
      const sub = await list('/api/fs/list?path=/team/docs/sub');
      expect(sub.items.map((i) => [i.name, i.isDirectory, i.size])).toEqual([
        ['deeper', true, 0],
        ['b.bin', false, 3],
      ]);

      const missing = await get(t, '/api/fs/list?path=/team/docs/nope', auth());
      expect(missing.statusCode).toBe(404);
      expect((await get(t, '/api/fs/get?path=/team/docs/nope', auth())).statusCode).toBe(404);
      if (storageKind === 'local') {
        // On local disk folders are directories: an empty one exists and lists empty.
        await mkdir(path.join(t.dataDir, 'storage', 'empty'));
        expect((await list('/api/fs/list?path=/team/docs/empty')).items).toEqual([]);
        const info = await get(t, '/api/fs/get?path=/team/docs/empty', auth());
        expect(info.json<{ data: FsInfo }>().data).toMatchObject({ isDirectory: true });
      }
      const file = await get(t, '/api/fs/list?path=/team/docs/a.txt', auth());
      expect(file.statusCode).toBe(404);
      expect((await get(t, '/api/fs/list?path=/nowhere', auth())).statusCode).toBe(404);
    });

    it('pages through 10,000 objects in name order, each exactly once', async () => {
      const { t } = admin;
      const ids = await givenTeam();
      const fileNames = Array.from({ length: 10_005 }, (_, i) => `f${String(i).padStart(5, '0')}`);
      await seedMany(t, ids.storage, 'big', fileNames);
      for (const folder of ['dir-a', 'f05000x', 'zz'])
        await seed(t, ids.storage, `big/${folder}/x`);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url = `/api/fs/list?path=/team/docs/big&limit=1000${cursor ? `&cursor=${q(cursor)}` : ''}`;
        const page = await list(url);
        pages += 1;
        expect(page.items.length).toBeLessThanOrEqual(1000);
        const firstFile = page.items.findIndex((item) => !item.isDirectory);
        if (firstFile >= 0)
          expect(page.items.slice(firstFile).every((i) => !i.isDirectory)).toBe(true);
        seen.push(...names(page));
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(pages).toBe(11);
      expect(seen).toHaveLength(10_008);
      expect(new Set(seen).size).toBe(10_008);
      const seeded = new Set(fileNames);
      const files = seen.filter((name) => seeded.has(name));
      expect(files).toEqual(fileNames);

      const big = await list('/api/fs/list?path=/team/docs/big&limit=5000');
      expect(big.items).toHaveLength(5000);
      const next = await list(
        `/api/fs/list?path=/team/docs/big&limit=5000&cursor=${q(big.next_cursor!)}`,
      );
      expect(next.items).toHaveLength(5000);

      const tooMany = await get(t, '/api/fs/list?path=/team/docs/big&limit=5001', auth());
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<{ details: { field: string }[] }>().details[0]!.field).toBe('limit');

      // Cursors: garbled, tampered, or made for another folder are a 400 naming the cursor.
      const valid = big.next_cursor!;
      const tampered = valid.slice(0, 5) + (valid[5] === 'A' ? 'B' : 'A') + valid.slice(6);
      for (const [where, cursor] of [
        ['/team/docs/big', 'garbage'],
        ['/team/docs/big', 'a.b.c'],
        ['/team/docs/big', tampered],
        ['/team/docs/big', `${valid}x`],
        ['/team/docs', valid],
        ['/team', valid],
        ['/', valid],
      ] as const) {
        const res = await get(t, `/api/fs/list?path=${q(where)}&cursor=${q(cursor)}`, auth());
        expect(res.statusCode, `${where} ${cursor}`).toBe(400);
        expect(res.json<{ details: { field: string }[] }>().details[0]!.field).toBe('cursor');
      }
    });

    it('gets, downloads (Range, ETag, HEAD) and links files', async () => {
      const { t } = admin;
      const ids = await givenTeam();
      await seed(t, ids.storage, 'notes/r\u00e9sum\u00e9.txt', 'hello world');
      await seed(t, ids.storage, 'page.html', '<script>alert(1)</script>', 'text/html');

      // A name typed decomposed (macOS) names the composed object.
      const nfd = q('/team/docs/notes/re\u0301sume\u0301.txt');
      const info = await get(t, `/api/fs/get?path=${nfd}`, auth());
      expect(info.statusCode).toBe(200);
      const file = info.json<{ data: FsInfo }>().data;
      expect(file).toMatchObject({
        name: 'r\u00e9sum\u00e9.txt',
        path: '/team/docs/notes/r\u00e9sum\u00e9.txt',
        isDirectory: false,
        size: 11,
        mimetype: 'text/plain',
        mount_id: ids.docs,
      });
      const etag = file.isDirectory ? '' : file.etag;
      expect(etag).not.toBe('');
      const folder = await get(t, '/api/fs/get?path=/team/docs/notes', auth());
      expect(folder.json<{ data: FsInfo }>().data).toMatchObject({
        isDirectory: true,
        isVirtual: false,
        name: 'notes',
      });
      const virtual = await get(t, '/api/fs/get?path=/', auth());
      expect(virtual.json<{ data: FsInfo }>().data).toMatchObject({
        isDirectory: true,
        isVirtual: true,
      });
      expect((await get(t, '/api/fs/get?path=/team/docs/none', auth())).statusCode).toBe(404);

      const url = `/api/fs/download?path=${nfd}`;
      const whole = await get(t, url, auth());
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe('hello world');
      expect(whole.headers['content-disposition']).toMatch(
        /^attachment;.*filename\*=UTF-8''r%C3%A9sum%C3%A9\.txt/,
      );
      expect(whole.headers.etag).toBe(`"${etag}"`);
      const range = await get(t, url, { ...auth(), range: 'bytes=6-' });
      expect(range.statusCode).toBe(206);
      expect(range.body).toBe('world');
      expect(range.headers['content-range']).toBe('bytes 6-10/11');
      const cached = await get(t, url, { ...auth(), 'if-none-match': `"${etag}"` });
      expect(cached.statusCode).toBe(304);
      const head = await t.app.inject({ method: 'HEAD', url, headers: auth() });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('11');
      expect(head.body).toBe('');
      expect((await get(t, '/api/fs/download?path=/team/docs/notes', auth())).statusCode).toBe(404);
      expect((await get(t, '/api/fs/download?path=/team', auth())).statusCode).toBe(404);

      // Active content never runs on the app origin.
      const html = await get(t, '/api/fs/download?path=/team/docs/page.html', auth());
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-disposition']).toMatch(/^attachment/);
      expect(html.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(html.headers['x-content-type-options']).toBe('nosniff');

      const linkRes = await get(
        t,
        `/api/fs/file-link?path=${nfd}&expires_in=600&force_download=true`,
        auth(),
      );
      expect(linkRes.statusCode).toBe(200);
      const link = linkRes.json<{ data: FsFileLink }>().data;
      expect(link).toMatchObject({
        name: 'r\u00e9sum\u00e9.txt',
        expiresIn: 600,
        forceDownload: true,
      });
      expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(500_000);
      expect(await follow(t, link.presignedUrl)).toBe('hello world');
      const byDefault = await get(t, `/api/fs/file-link?path=${nfd}`, auth());
      expect(byDefault.json<{ data: FsFileLink }>().data).toMatchObject({
        expiresIn: 3600,
        forceDownload: false,
      });
      for (const bad of [
        'expires_in=0',
        'expires_in=604801',
        'expires_in=x',
        'force_download=maybe',
      ]) {
        const res = await get(t, `/api/fs/file-link?path=${nfd}&${bad}`, auth());
        expect(res.statusCode, bad).toBe(400);
      }
      expect((await get(t, '/api/fs/file-link?path=/team/docs/notes', auth())).statusCode).toBe(
        404,
      );
    });

    it('shows a key with basic path /team/docs only its way down and its own folder', async () => {
      const { t, token } = admin;
      const ids = await givenTeam();
      await seed(t, ids.storage, 'mine.txt', 'mine');
      await seed(t, ids.storage, '%2e%2e/inside.txt', 'odd');
      await seed(t, ids.other, 'media-secret.txt');
      const key = await givenApiKey(t, token, { mount: true, basic_path: '/team/docs' });
      const headers = apiKey(key.key);

      expect(names(await list('/api/fs/list?path=/', headers))).toEqual(['team']);
      const team = await list('/api/fs/list?path=/team', headers);
      expect(team).toMatchObject({ isVirtual: true, mount_id: null });
      expect(names(team)).toEqual(['docs']);
      expect(names(await list('/api/fs/list?path=/team/docs', headers))).toEqual([
        '%2e%2e',
        'mine.txt',
      ]);
      for (const outside of ['/team/media', '/team/docs-private', '/TEAM/DOCS', '/pub']) {
        for (const route of ['list', 'get', 'download', 'file-link']) {
          const res = await get(t, `/api/fs/${route}?path=${q(outside)}`, headers);
          expect(res.statusCode, `${route} ${outside}`).toBe(403);
          expect(res.body).not.toContain('media-secret');
        }
      }

      // `%2e%2e` decoded once is `..`: refused. `%252e%252e` is the literal name `%2e%2e`.
      expect((await get(t, '/api/fs/list?path=/team/docs/%2e%2e', headers)).statusCode).toBe(400);
      const odd = await list('/api/fs/list?path=/team/docs/%252e%252e', headers);
      expect(odd.items).toEqual([
        expect.objectContaining({ name: 'inside.txt', path: '/team/docs/%2e%2e/inside.txt' }),
      ]);

      for (const payload of TRAVERSAL_PAYLOADS) {
        for (const route of ['list', 'get']) {
          const res = await get(t, `/api/fs/${route}?path=${payload}`, headers);
          expect([200, 400, 403, 404], `${route} ${payload}`).toContain(res.statusCode);
          expect(res.body).not.toContain('media-secret');
          if (res.statusCode !== 200) continue;
          const data = res.json<{ data: FsList & FsInfo }>().data;
          expect(isWithinPath('/team/docs', data.path), `${route} ${payload}`).toBe(true);
          for (const item of data.items ?? []) {
            expect(isWithinPath('/team/docs', item.path)).toBe(true);
          }
        }
      }

      // The ancestors are bare folders: no object of the mount at /team is shown or served.
      expect((await get(t, '/api/fs/get?path=/team/readme.md', headers)).statusCode).toBe(403);
      expect(
        (await get(t, '/api/fs/get?path=/team', headers)).json<{ data: FsInfo }>().data,
      ).toMatchObject({ isVirtual: true, mount_id: null });
    });

    it('lets a read-only key read and refuses a key without the mount permission', async () => {
      const { t, token } = admin;
      const ids = await givenTeam();
      await seed(t, ids.storage, 'a.txt', 'read me');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: bearer(token),
        payload: {
          name: 'reader',
          expires_at: null,
          text_permission: false,
          file_permission: false,
          mount_permission: true,
          mount_read_only: true,
          basic_path: '/',
        },
      });
      expect(created.statusCode).toBe(201);
      const reader = apiKey(created.json<{ data: { key: string } }>().data.key);
      const asReader = await list('/api/fs/list?path=/team/docs', reader);
      expect(names(asReader)).toEqual(['a.txt']);
      // What the explorer may offer: the admin writes here, a read-only key does not.
      expect(asReader.writable).toBe(false);
      expect((await list('/api/fs/list?path=/team/docs')).writable).toBe(true);
      const body = await get(t, '/api/fs/download?path=/team/docs/a.txt', reader);
      expect(body.body).toBe('read me');
      // Reading a mount records its use (at most once a minute per mount), beside the answer.
      const lastUsed = async () =>
        (await get(t, `/api/admin/mounts/${ids.docs}`, bearer(token))).json<{
          data: { last_used: string | null };
        }>().data.last_used;
      await expect.poll(lastUsed, UNTIL_DONE).not.toBeNull();

      const textOnly = await givenApiKey(t, token, { text: true, file: true });
      for (const route of ['list?path=/', 'get?path=/team', 'download?path=/team/docs/a.txt']) {
        expect((await get(t, `/api/fs/${route}`, apiKey(textOnly.key))).statusCode, route).toBe(
          403,
        );
      }
      expect((await get(t, '/api/fs/list?path=/', {})).statusCode).toBe(401);
    });

    it('serves listings from the cache within the TTL until a write is announced', async () => {
      const { t } = admin;
      const ids = await givenTeam();
      const fresh = await createMount(t, admin.token, '/fresh', ids.storage, { cache_ttl: 0 });
      expect(fresh).not.toBe('');
      await seed(t, ids.storage, 'sub/a.txt');
      expect(names(await list('/api/fs/list?path=/team/docs/sub'))).toEqual(['a.txt']);
      expect(names(await list('/api/fs/list?path=/team/docs'))).toEqual(['sub']);

      // Twenty readers at once all get the same page.
      const together = await Promise.all(
        Array.from({ length: 20 }, () => list('/api/fs/list?path=/team/docs/sub')),
      );
      expect(new Set(together.map((page) => JSON.stringify(page))).size).toBe(1);

      // Written behind the server's back: the cached pages stay as they were for the TTL…
      await seed(t, ids.storage, 'sub/b.txt');
      await seed(t, ids.storage, 'top/c.txt');
      expect(names(await list('/api/fs/list?path=/team/docs/sub'))).toEqual(['a.txt']);
      expect(names(await list('/api/fs/list?path=/team/docs'))).toEqual(['sub']);
      // …while a mount with cache_ttl 0 on the same storage reads storage every time.
      expect(names(await list('/api/fs/list?path=/fresh/sub'))).toEqual(['a.txt', 'b.txt']);
      const stats = await get(t, '/api/admin/cache/stats', auth());
      const listing = stats
        .json<{ data: CacheStats[] }>()
        .data.find((c) => c.name === 'fs-listings');
      expect(listing?.entries).toBeGreaterThanOrEqual(2);
      expect(listing?.hits).toBeGreaterThanOrEqual(2);

      // A write announced through fsChanges drops the folder and every ancestor on every instance.
      const modified = new Date();
      await t.root.fsChanges.emit({
        storageConfigId: ids.storage,
        written: [{ key: 'sub/b.txt', isDirectory: false, size: 1, modified }],
      });
      expect(names(await list('/api/fs/list?path=/team/docs/sub'))).toEqual(['a.txt', 'b.txt']);
      expect(names(await list('/api/fs/list?path=/team/docs'))).toEqual(['sub', 'top']);

      // A recursive removal drops the pages of everything below the removed folder.
      await seed(t, ids.storage, 'sub/c.txt');
      expect(names(await list('/api/fs/list?path=/team/docs/sub'))).toEqual(['a.txt', 'b.txt']);
      await t.root.fsChanges.emit({
        storageConfigId: ids.storage,
        removed: [{ key: 'sub', recursive: true }],
      });
      expect(names(await list('/api/fs/list?path=/team/docs/sub'))).toEqual([
        'a.txt',
        'b.txt',
        'c.txt',
      ]);

      // Clearing the cache (admin) empties it.
      const cleared = await t.app.inject({
        method: 'POST',
        url: '/api/admin/cache/clear',
        headers: auth(),
        payload: { name: 'fs-listings' },
      });
      expect(cleared.statusCode).toBe(200);
    });
  });
});

describe('listing cache across instances on PostgreSQL', () => {
  it("drops another instance's cached page when a write is announced on one", async () => {
    const a = await buildTestApp('postgres');
    const b = await buildTestApp('postgres', { sameDatabaseAs: a });
    try {
      const token = await adminToken(a);
      const storage = await givenStorage(a, token, 's3');
      await createMount(a, token, '/shared', storage);
      await seed(a, storage, 'x.txt');
      const listOnB = async () => {
        const res = await get(b, '/api/fs/list?path=/shared', bearer(token));
        return names(res.json<{ data: FsList }>().data);
      };
      expect(await listOnB()).toEqual(['x.txt']);
      await seed(a, storage, 'y.txt');
      expect(await listOnB()).toEqual(['x.txt']); // cached on b
      await a.root.fsChanges.emit({
        storageConfigId: storage,
        written: [{ key: 'y.txt', isDirectory: false, size: 1, modified: new Date() }],
      });
      await expect.poll(listOnB, UNTIL_DONE).toEqual(['x.txt', 'y.txt']);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

/** Writes many objects quickly: files straight onto local disk, S3 in parallel batches. */
async function seedMany(t: TestApp, storageId: string, folder: string, fileNames: string[]) {
  const config = await t.storage.getConfig(storageId);
  if (config.driver === 'local') {
    const dir = path.join(t.dataDir, 'storage', folder);
    await mkdir(dir, { recursive: true });
    for (let i = 0; i < fileNames.length; i += 200) {
      await Promise.all(
        fileNames.slice(i, i + 200).map((name) => writeFile(path.join(dir, name), 'x')),
      );
    }
    return;
  }
  for (let i = 0; i < fileNames.length; i += 100) {
    await Promise.all(
      fileNames.slice(i, i + 100).map((name) => seed(t, storageId, `${folder}/${name}`)),
    );
  }
}

/** Fetches a file link: this server's own signed URL in process, S3's over the network. */
async function follow(t: TestApp, url: string): Promise<string> {
  if (url.startsWith('/')) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  }
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.text();
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough, Readable, Transform } from 'node:stream';
import type { ArchiveLink } from '@pasteport/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount, seedObject } from '../../../test/mounts.js';
import { readZipWithPython, unzipTest, type ReadZipEntry } from '../../../test/zip-reader.js';

type Headers = Record<string, string>;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const MiB = 1024 * 1024;

let scratch = '';
beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pp-archive-'));
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

let saved = 0;
/** Python's reading of an archive's bytes (after `unzip -t` found no error in them). */
async function unzipped(bytes: Buffer): Promise<ReadZipEntry[]> {
  const file = path.join(scratch, `archive-${++saved}.zip`);
  await writeFile(file, bytes);
  expect(unzipTest(file)).toMatch(/No errors detected/);
  const read = readZipWithPython(file);
  expect(read.bad).toBeNull();
  return read.entries;
}

/** Names and content digests of what an archive holds. */
const contents = (entries: ReadZipEntry[]) =>
  entries.map((entry) => (entry.dir ? entry.name : `${entry.name} ${entry.sha256}`));

describe.each(DATABASE_KINDS)('archives on %s', (kind) => {
  const clock = movableClock(new Date());
  const admin = useAdminApp(kind, { clock });

  async function createArchive(headers: Headers, payload: Record<string, unknown>) {
    return admin.t.app.inject({ method: 'POST', url: '/api/fs/archive', headers, payload });
  }

  async function linkFor(headers: Headers, paths: string[], name = 'basket') {
    const res = await createArchive(headers, { paths, name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: ArchiveLink }>().data;
  }

  const fetchLink = (url: string) => admin.t.app.inject({ method: 'GET', url });

  const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind) => {
    async function givenTeam(t: TestApp): Promise<string> {
      const configId = await givenStorage(t, admin.token, storageKind, { allow_api_keys: true });
      await givenMount(t, '/team', configId);
      return configId;
    }

    it('unzips to exactly the selected files and folders, empty folders and duplicates included', async () => {
      const { t, token } = admin;
      const configId = await givenTeam(t);
      const binary = randomBytes(200_000);
      await seedObject(t, configId, 'docs/a.txt', Buffer.from('alpha'));
      await seedObject(t, configId, 'docs/sub/deeper/b.bin', binary);
      await seedObject(t, configId, 'docs/zero.txt', Buffer.alloc(0));
      await seedObject(t, configId, 'docs/报告 ü.txt', Buffer.from('unicode'));
      await seedObject(t, configId, 'readme.md', Buffer.from('top readme'));
      await seedObject(t, configId, 'other/readme.md', Buffer.from('other readme'));
      await (await t.storage.getDriver(configId)).createFolder('docs/empty');

      const link = await linkFor(
        bearer(token),
        ['/team/docs', '/team/readme.md', '/team/other/readme.md'],
        'Basket',
      );
      expect(link.url).toMatch(/^\/api\/fs\/archive\/[0-9a-f-]{36}\?token=[\w-]{43}$/);
      expect(Date.parse(link.expires_at) - clock.now().getTime()).toBe(3600_000);

      const res = await fetchLink(link.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Basket.zip"; filename*=UTF-8''Basket.zip`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-length']).toBeUndefined();

      expect(contents(await unzipped(res.rawPayload))).toEqual([
        'docs/',
        `docs/a.txt ${sha256('alpha')}`,
        'docs/empty/',
        'docs/sub/',
        'docs/sub/deeper/',
        `docs/sub/deeper/b.bin ${sha256(binary)}`,
        `docs/zero.txt ${sha256('')}`,
        `docs/报告 ü.txt ${sha256('unicode')}`,
        `readme.md ${sha256('top readme')}`,
        `readme (2).md ${sha256('other readme')}`,
      ]);
    });

    it('archives a mount root, and leaves out names no path could name', async () => {
      const { t, token } = admin;
      const configId = await givenTeam(t);
      await seedObject(t, configId, 'odd/...', Buffer.from('dots'));
      await seedObject(t, configId, 'odd/..hidden.txt', Buffer.from('hidden'));
      const decomposed = 'cafe\u0301.txt';
      await seedObject(t, configId, `odd/${decomposed}`, Buffer.from('nfd'));
      if (storageKind === 'local') {
        // Written by another tool: a backslash name is a valid file name on Linux.
        const folder = path.join(t.dataDir, 'storage', 'odd');
        await mkdir(folder, { recursive: true });
        await writeFile(path.join(folder, 'evil\\..\\..\\x.txt'), 'escape');
      }

      const entries = await unzipped(
        (await fetchLink((await linkFor(bearer(token), ['/team'])).url)).rawPayload,
      );
      expect(contents(entries)).toEqual([
        'team/',
        'team/odd/',
        `team/odd/... ${sha256('dots')}`,
        `team/odd/..hidden.txt ${sha256('hidden')}`,
        `team/odd/${decomposed} ${sha256('nfd')}`,
      ]);
      for (const { name } of entries) {
        expect(name.split('/').filter((s) => s === '..' || s === '.')).toEqual([]);
        expect(name).not.toMatch(/^\/|\\|^[A-Za-z]:/);
      }
    });

    it('checks every path: virtual folders 400, missing 404, bad paths 400 naming the field', async () => {
      const { t, token } = admin;
      await givenTeam(t);
      const virtual = await createArchive(bearer(token), { paths: ['/'], name: 'x' });
      expect(virtual.statusCode).toBe(400);
      expect(virtual.json<{ details: { field: string }[] }>().details[0]?.field).toBe('paths[0]');

      const missing = await createArchive(bearer(token), { paths: ['/team/nope'], name: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toContain('/team/nope');

      for (const [paths, field] of [
        [['/team', '/team/../etc'], 'paths[1]'],
        [['/team/a\\..\\b'], 'paths[0]'],
        [['/team/a\u0000b'], 'paths[0]'],
        [['team'], 'paths[0]'],
      ] as const) {
        const res = await createArchive(bearer(token), { paths, name: 'x' });
        expect(res.statusCode, JSON.stringify(paths)).toBe(400);
        expect(res.json<{ details: { field: string }[] }>().details[0]?.field).toBe(field);
      }
      for (const payload of [
        { paths: [], name: 'x' },
        { paths: Array.from({ length: 1001 }, () => '/team'), name: 'x' },
        { paths: ['/team'], name: '../evil' },
        { paths: ['/team'], name: '' },
        { paths: '/team', name: 'x' },
        { paths: ['/team'], name: 'x', extra: 1 },
      ]) {
        expect((await createArchive(bearer(token), payload)).statusCode).toBe(400);
      }
      const anonymous = await createArchive({}, { paths: ['/team'], name: 'x' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('keeps a key inside its basic path, now and when the link is opened later', async () => {
      const { t, token } = admin;
      const configId = await givenTeam(t);
      await seedObject(t, configId, 'docs/a.txt', Buffer.from('docs'));
      await seedObject(t, configId, 'media/x', Buffer.from('media'));
      const narrow = await givenApiKey(t, token, { mount: true, basic_path: '/team/docs' });
      const asNarrow = apiKey(narrow.key);

      const outside = await createArchive(asNarrow, { paths: ['/team/media/x'], name: 'x' });
      expect(outside.statusCode).toBe(403);
      expect(errorOf(outside)).toBe('PATH_FORBIDDEN');
      const climbing = await createArchive(asNarrow, { paths: ['/team/docs/../media'], name: 'x' });
      expect(climbing.statusCode).toBe(400);
      const sibling = await createArchive(asNarrow, {
        paths: ['/team/docs/a.txt', '/team/docs-private'],
        name: 'x',
      });
      expect(sibling.statusCode).toBe(403);
      const above = await createArchive(asNarrow, { paths: ['/team'], name: 'x' });
      expect(above.statusCode).toBe(400);
      const inside = await fetchLink((await linkFor(asNarrow, ['/team/docs/a.txt'])).url);
      expect(contents(await unzipped(inside.rawPayload))).toEqual([`a.txt ${sha256('docs')}`]);

      // A link made while the key reached /team, opened after it was narrowed to /team/docs.
      const wide = await givenApiKey(t, token, { mount: true, basic_path: '/team' });
      const early = await linkFor(apiKey(wide.key), ['/team/media']);
      const narrowed = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/api-keys/${wide.id}`,
        headers: bearer(token),
        payload: { basic_path: '/team/docs' },
      });
      expect(narrowed.statusCode, narrowed.body).toBe(200);
      const afterNarrowing = await fetchLink(early.url);
      expect(afterNarrowing.statusCode).toBe(403);
      expect(errorOf(afterNarrowing)).toBe('PATH_FORBIDDEN');

      // A link whose key lost the mount permission, and one whose key was deleted.
      const stillInside = await linkFor(apiKey(wide.key), ['/team/docs']);
      await t.app.inject({
        method: 'PUT',
        url: `/api/admin/api-keys/${wide.id}`,
        headers: bearer(token),
        payload: { mount_permission: false },
      });
      expect(errorOf(await fetchLink(stillInside.url))).toBe('PERMISSION_DENIED');
      const beforeDeletion = await linkFor(asNarrow, ['/team/docs']);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${narrow.id}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode).toBe(200);
      const afterDeletion = await fetchLink(beforeDeletion.url);
      expect(afterDeletion.statusCode).toBe(403);
      expect(errorOf(afterDeletion)).toBe('PERMISSION_DENIED');
    });

    it('refuses a wrong or missing token (403) and an unknown link (404); expires after an hour (410)', async () => {
      const { t, token } = admin;
      await givenTeam(t);
      const link = await linkFor(bearer(token), ['/team']);
      const [base, secret] = link.url.split('?token=') as [string, string];
      const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      for (const url of [`${base}?token=${flipped}`, base, `${base}?token=`]) {
        const res = await fetchLink(url);
        expect(res.statusCode, url).toBe(403);
        expect(errorOf(res)).toBe('FORBIDDEN');
      }
      const unknown = await fetchLink(`/api/fs/archive/${randomUUID()}?token=${secret}`);
      expect(unknown.statusCode).toBe(404);
      // A session's credential is no archive token: the link alone decides.
      expect(
        (await t.app.inject({ method: 'GET', url: base, headers: bearer(token) })).statusCode,
      ).toBe(403);

      clock.advance(3600_000 - 1);
      expect((await fetchLink(link.url)).statusCode).toBe(200);
      clock.advance(1);
      const expired = await fetchLink(link.url);
      expect(expired.statusCode).toBe(410);
      expect(await t.root.services.fsArchive.sweepExpired()).toBe(1);
      expect((await fetchLink(link.url)).statusCode).toBe(404);
      clock.advance(-3600_000);
    });

    it('streams a 50 MB file without holding it: the server reads only a little ahead of the client', async () => {
      const configId = await givenTeam(admin.t);
      const files = [{ key: 'big/movie.bin', name: 'movie.bin', size: 50 * MiB }];
      const streamed = await streamArchive(admin.t, admin.token, configId, files, [
        '/team/big/movie.bin',
      ]);
      expect(streamed.entries).toEqual(files.map((f) => [f.name, f.size, streamed.digests[0]]));
    });
  });
});

describe('a 1 GiB archive (SQLite, local disk)', () => {
  const admin = useAdminApp('sqlite');

  it('streams 1 GiB of files with flat memory and unzips to the same bytes', async () => {
    const configId = await givenStorage(admin.t, admin.token, 'local', { allow_api_keys: true });
    await givenMount(admin.t, '/team', configId);
    const files = [
      { key: 'big/a.bin', name: 'big/a.bin', size: 640 * MiB },
      { key: 'big/sub/b.bin', name: 'big/sub/b.bin', size: 384 * MiB },
    ];
    const streamed = await streamArchive(admin.t, admin.token, configId, files, ['/team/big']);
    expect(streamed.entries).toEqual([
      ['big/', 0, sha256('')],
      ['big/a.bin', 640 * MiB, streamed.digests[0]],
      ['big/sub/', 0, sha256('')],
      ['big/sub/b.bin', 384 * MiB, streamed.digests[1]],
    ]);
    // The process holds the whole server: buffering would add the full GiB.
    expect(streamed.rssGrowth).toBeLessThan(256 * MiB);
  });
});

/**
 * Seeds `files` (a byte pattern that differs per MiB and per file), opens an archive of
 * `paths` through a real socket and writes it to disk, checking on the way that the server
 * never reads more than a little ahead of the client; then reads the ZIP with `unzip -t` and
 * Python. Answers the entries read (name, size, SHA-256), the seeded files' digests and how
 * far the process RSS grew while streaming.
 */
async function streamArchive(
  t: TestApp,
  token: string,
  configId: string,
  files: { key: string; size: number }[],
  paths: string[],
) {
  const driver = await t.storage.getDriver(configId);
  const digests: string[] = [];
  for (const [index, file] of files.entries()) {
    const digest = createHash('sha256');
    const chunk = Buffer.alloc(MiB);
    const body = Readable.from(
      (function* () {
        for (let i = 0; i < file.size / MiB; i++) {
          chunk.fill((i + index * 7) % 251);
          digest.update(chunk);
          yield Buffer.from(chunk);
        }
      })(),
    );
    await driver.write(file.key, body, {
      contentType: 'application/octet-stream',
      contentLength: file.size,
    });
    digests.push(digest.digest('hex'));
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);

  // Counts what the server reads from storage, passing back-pressure through.
  let readFromStorage = 0;
  const read = driver.read.bind(driver);
  driver.read = async (key, options) => {
    const result = await read(key, options);
    const counter = new Transform({
      transform(part: Buffer, _encoding, done) {
        readFromStorage += part.length;
        done(null, part);
      },
    });
    void pipeline(result.stream, counter).catch(() => undefined);
    return { ...result, stream: counter };
  };

  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fs/archive',
    headers: bearer(token),
    payload: { paths, name: 'stream' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const link = res.json<{ data: ArchiveLink }>().data;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const file = path.join(scratch, 'stream.zip');
  let received = 0;
  let furthestAhead = 0;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let nextSample = 0;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`http://127.0.0.1:${port}${link.url}`, resolve).on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['transfer-encoding']).toBe('chunked');
  expect(response.headers['content-length']).toBeUndefined();
  const meter = new PassThrough();
  meter.on('data', (part: Buffer) => {
    received += part.length;
    furthestAhead = Math.max(furthestAhead, readFromStorage - received);
    if (received >= nextSample) {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      nextSample += 8 * MiB;
    }
  });
  await pipeline(response, meter, createWriteStream(file));

  expect(received).toBeGreaterThan(total);
  expect(readFromStorage).toBe(total);
  // Socket buffers and stream buffers hold a few MiB at most; buffering a file would put all
  // of it ahead of the client.
  expect(furthestAhead).toBeLessThan(16 * MiB);
  expect(unzipTest(file)).toMatch(/No errors detected/);
  const { bad, entries } = readZipWithPython(file);
  expect(bad).toBeNull();
  return {
    entries: entries.map((e) => [e.name, e.size, e.sha256] as const),
    digests,
    rssGrowth: rssPeak - rssBefore,
  };
}

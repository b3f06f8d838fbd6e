import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FsWritten } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import {
  formBody,
  givenStorage,
  sendSigned,
  STORAGE_KINDS,
  type StorageKind,
} from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';
import { useTaskRunner, waitForTask } from '../../../test/tasks.js';
import type { FsChange } from '../../vfs/fs-changes.js';

type Headers = Record<string, string>;
const MiB = 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A mount through the admin API, with its listings uncached (writes here go behind its back). */
const givenMount = (
  t: TestApp,
  token: string,
  mountPath: string,
  storageId: string,
  readOnly = false,
) => createMount(t, token, mountPath, storageId, { cache_ttl: 0, read_only: readOnly });

async function readObject(t: TestApp, storageId: string, key: string): Promise<Buffer | null> {
  const driver = await t.storage.getDriver(storageId);
  if (!(await driver.stat(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of (await driver.read(key)).stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function seed(t: TestApp, storageId: string, key: string, data: Buffer | string) {
  const body = typeof data === 'string' ? Buffer.from(data) : data;
  const driver = await t.storage.getDriver(storageId);
  await driver.write(key, Readable.from([body]), {
    contentType: 'application/octet-stream',
    contentLength: body.length,
  });
}

async function allKeys(t: TestApp, storageId: string, prefix = ''): Promise<string[]> {
  const driver = await t.storage.getDriver(storageId);
  const keys: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.nextCursor;
  } while (cursor !== null);
  return keys;
}

describe.each(DATABASE_KINDS)('fs writes on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);
  const runners = useTaskRunner();

  function call(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    headers: Headers = auth(),
  ) {
    return admin.t.app.inject({ method, url, headers, payload: payload as object });
  }
  function upload(
    fields: [string, string][],
    file: Buffer,
    order: 'first' | 'last',
    headers: Headers = auth(),
    filename = 'up.bin',
  ) {
    const fieldParts = fields.map(([name, value]) => ({ name, value }));
    const filePart = { name: 'file', filename, type: 'application/octet-stream', data: file };
    const form = formBody(
      order === 'first' ? [...fieldParts, filePart] : [filePart, ...fieldParts],
    );
    return admin.t.app.inject({
      method: 'POST',
      url: '/api/fs/upload',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  }
  function recordChanges(): FsChange[] {
    const seen: FsChange[] = [];
    admin.t.root.fsChanges.subscribe((change) => void seen.push(change));
    return seen;
  }

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind: StorageKind) => {
    const otherKind: StorageKind = storageKind === 'local' ? 's3' : 'local';

    /** Storage under test at /team/docs and /team/media; the other kind at /other. */
    async function givenSpace(extra: Parameters<typeof givenStorage>[3] = {}) {
      const { t, token } = admin;
      const storage = await givenStorage(t, token, storageKind, { allow_api_keys: true, ...extra });
      const other = await givenStorage(t, token, otherKind, { allow_api_keys: true });
      await givenMount(t, token, '/team/docs', storage);
      await givenMount(t, token, '/team/media', storage);
      await givenMount(t, token, '/other', other);
      return { storage, other };
    }

    it('mkdir creates a folder with its parents, announces it, and answers 409 the second time', async () => {
      const { storage } = await givenSpace();
      const changes = recordChanges();
      const res = await call('POST', '/api/fs/mkdir', { path: '/team/docs/a/b' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: FsWritten }>().data).toMatchObject({
        path: '/team/docs/a/b',
        name: 'b',
        isDirectory: true,
      });
      expect(await allKeys(admin.t, storage)).toEqual(['a/b/']);
      expect(changes).toEqual([
        {
          storageConfigId: storage,
          written: [expect.objectContaining({ key: 'a/b', isDirectory: true })],
        },
      ]);
      const again = await call('POST', '/api/fs/mkdir', { path: '/team/docs/a/b' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'ALREADY_EXISTS' });
      await seed(admin.t, storage, 'file.txt', 'x');
      expect(
        (await call('POST', '/api/fs/mkdir', { path: '/team/docs/file.txt' })).statusCode,
      ).toBe(409);
      const below = await call('POST', '/api/fs/mkdir', { path: '/team/docs/file.txt/sub' });
      expect(below.json()).toMatchObject({ error: 'CONFLICT' });
      expect((await call('POST', '/api/fs/mkdir', { path: '/team/docs' })).statusCode).toBe(409);
      // Twenty at once: each one created it or found it there, never a 500.
      const race = await Promise.all(
        Array.from({ length: 20 }, () =>
          call('POST', '/api/fs/mkdir', { path: '/team/docs/race' }),
        ),
      );
      for (const res of race) expect([201, 409]).toContain(res.statusCode);
      expect(await allKeys(admin.t, storage, 'race/')).toEqual(['race/']);
      const virtual = await call('POST', '/api/fs/mkdir', { path: '/team' });
      expect(virtual.statusCode).toBe(403);
      expect(virtual.json()).toMatchObject({ error: 'FORBIDDEN' });
    });

    it('uploads a form with the path before the file and with the path after it', async () => {
      const { storage } = await givenSpace();
      const changes = recordChanges();
      const before = randomBytes(70_000);
      const first = await upload([['path', '/team/docs/in']], before, 'first');
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<{ data: FsWritten }>().data).toMatchObject({
        path: '/team/docs/in/up.bin',
        size: before.length,
      });
      expect((await readObject(admin.t, storage, 'in/up.bin'))?.equals(before)).toBe(true);

      const after = randomBytes(80_000);
      const second = await upload(
        [
          ['path', '/team/docs/in/named.bin'],
          ['use_multipart', 'false'],
        ],
        after,
        'last',
        auth(),
        'named.bin',
      );
      expect(second.statusCode, second.body).toBe(201);
      expect((await readObject(admin.t, storage, 'in/named.bin'))?.equals(after)).toBe(true);
      expect(changes.flatMap((c) => c.written ?? []).map((w) => [w.key, w.size])).toEqual([
        ['in/up.bin', before.length],
        ['in/named.bin', after.length],
      ]);
      // Not a form; two files; no file: 415 and 400s naming the field, nothing stored.
      const json = await call('POST', '/api/fs/upload', { path: '/team/docs' });
      expect(json.statusCode).toBe(415);
      const two = formBody([
        { name: 'path', value: '/team/docs' },
        { name: 'file', filename: 'a.bin', type: 'text/plain', data: Buffer.from('a') },
        { name: 'file', filename: 'b.bin', type: 'text/plain', data: Buffer.from('b') },
      ]);
      const twice = await admin.t.app.inject({
        method: 'POST',
        url: '/api/fs/upload',
        headers: { ...auth(), ...two.headers },
        payload: two.payload,
      });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ details: [{ field: 'file' }] });
      const traversal = await upload(
        [['path', '/team/docs']],
        randomBytes(10),
        'first',
        auth(),
        '..',
      );
      expect(traversal.statusCode).toBe(400);
      // Nothing is left in the server's spool.
      const bad = await upload(
        [
          ['path', '/team/docs'],
          ['colour', 'red'],
        ],
        randomBytes(10),
        'last',
      );
      expect(bad.statusCode).toBe(400);
      expect(await allKeys(admin.t, storage)).toEqual(['in/named.bin', 'in/up.bin']);
    });

    it('streams a 50 MB upload into storage byte for byte', async () => {
      const { storage } = await givenSpace();
      const data = randomBytes(50 * MiB);
      const res = await upload([['path', '/team/docs/']], data, 'first', auth(), 'big.bin');
      expect(res.statusCode, res.body).toBe(201);
      expect(sha((await readObject(admin.t, storage, 'big.bin')) ?? Buffer.alloc(0))).toBe(
        sha(data),
      );
    });

    it('update creates and replaces a text file', async () => {
      const { storage } = await givenSpace();
      const changes = recordChanges();
      const first = await call('POST', '/api/fs/update', {
        path: '/team/docs/n/notes.md',
        content: '# one',
      });
      expect(first.statusCode, first.body).toBe(200);
      const second = await call('POST', '/api/fs/update', {
        path: '/team/docs/n/notes.md',
        content: '# two, 二',
      });
      expect(second.json<{ data: FsWritten }>().data).toMatchObject({
        size: Buffer.byteLength('# two, 二'),
      });
      expect((await readObject(admin.t, storage, 'n/notes.md'))?.toString()).toBe('# two, 二');
      expect(changes.flatMap((c) => c.written ?? []).map((w) => w.key)).toEqual([
        'n/notes.md',
        'n/notes.md',
      ]);
      const tooBig = await call('POST', '/api/fs/update', {
        path: '/team/docs/huge.txt',
        content: 'x'.repeat(10 * 1024 * 1024 + 1),
      });
      expect(tooBig.statusCode).toBe(413);
      expect(await readObject(admin.t, storage, 'huge.txt')).toBeNull();
    });

    it('renames files and folders within a mount and across storages, byte for byte', async () => {
      const { storage, other } = await givenSpace();
      const a = randomBytes(300_000);
      const b = randomBytes(5000);
      await seed(admin.t, storage, 'f/a.bin', a);
      await seed(admin.t, storage, 'f/deep/b.bin', b);
      await seed(admin.t, storage, 'single.txt', 'single');
      const changes = recordChanges();

      const file = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/single.txt',
        newPath: '/team/media/moved.txt',
      });
      expect(file.statusCode, file.body).toBe(200);
      expect((await readObject(admin.t, storage, 'moved.txt'))?.toString()).toBe('single');
      expect(await readObject(admin.t, storage, 'single.txt')).toBeNull();

      expect(file.json()).toMatchObject({ data: { isDirectory: false, moved: 1, taskId: null } });

      // A folder moves in a task: nothing happens until a runner takes it.
      const folder = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/f',
        newPath: '/team/docs/g',
      });
      const moving = folder.json<{ data: { taskId: string } }>().data;
      expect(folder.json()).toMatchObject({ data: { isDirectory: true, moved: 0 } });
      expect(await allKeys(admin.t, storage, 'f/')).toEqual(['f/a.bin', 'f/deep/b.bin']);
      runners.start(admin.t);
      const moved = await waitForTask(admin.t, auth(), moving.taskId);
      expect(moved).toMatchObject({ type: 'copy', status: 'completed', items_total: 4 });
      expect(moved.progress).toMatchObject({ current: 4, total: 4 });
      expect(moved.items.map((item) => [item.source, item.target, item.status])).toEqual([
        ['/team/docs/f', '/team/docs/g', 'completed'],
        ['/team/docs/f/a.bin', '/team/docs/g/a.bin', 'completed'],
        ['/team/docs/f/deep/b.bin', '/team/docs/g/deep/b.bin', 'completed'],
        ['/team/docs/f', '', 'completed'],
      ]);
      expect(await allKeys(admin.t, storage, 'g/')).toEqual(['g/a.bin', 'g/deep/b.bin']);
      expect(await allKeys(admin.t, storage, 'f/')).toEqual([]);

      const across = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/g',
        newPath: '/other/h',
      });
      expect(across.statusCode, across.body).toBe(200);
      const acrossTask = await waitForTask(
        admin.t,
        auth(),
        across.json<{ data: { taskId: string } }>().data.taskId,
      );
      expect(acrossTask.status).toBe('completed');
      expect(acrossTask.progress.bytes_done).toBe(a.length + b.length);
      expect((await readObject(admin.t, other, 'h/a.bin'))?.equals(a)).toBe(true);
      expect((await readObject(admin.t, other, 'h/deep/b.bin'))?.equals(b)).toBe(true);
      expect(await allKeys(admin.t, storage, 'g/')).toEqual([]);
      const back = await call('POST', '/api/fs/rename', {
        oldPath: '/other/h/a.bin',
        newPath: '/team/docs/a.bin',
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((await readObject(admin.t, storage, 'a.bin'))?.equals(a)).toBe(true);

      const removed = changes.flatMap((c) => c.removed ?? []);
      expect(removed).toEqual([
        { key: 'single.txt', recursive: false },
        { key: 'f/a.bin', recursive: false },
        { key: 'f/deep/b.bin', recursive: false },
        { key: 'f', recursive: true },
        { key: 'g/a.bin', recursive: false },
        { key: 'g/deep/b.bin', recursive: false },
        { key: 'g', recursive: true },
        { key: 'h/a.bin', recursive: false },
      ]);

      // The target exists; a folder into itself; a missing source.
      await seed(admin.t, storage, 'x.txt', 'x');
      const taken = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/a.bin',
        newPath: '/team/docs/x.txt',
      });
      expect(taken.statusCode).toBe(409);
      await seed(admin.t, storage, 'p/q.txt', 'q');
      const into = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/p',
        newPath: '/team/docs/p/sub',
      });
      expect(into.statusCode).toBe(400);
      expect(into.json()).toMatchObject({ details: [{ field: 'newPath' }] });
      const missing = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/nope',
        newPath: '/team/docs/nope2',
      });
      expect(missing.statusCode).toBe(404);
      const root = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs',
        newPath: '/team/elsewhere',
      });
      expect(root.statusCode).toBe(403);
    });

    it('moves empty folders, and keeps a source folder whose files could not all move', async () => {
      const { storage, other } = await givenSpace();
      await call('POST', '/api/fs/mkdir', { path: '/team/docs/empty/inner' });
      runners.start(admin.t);
      const empty = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/empty',
        newPath: '/other/was-empty',
      });
      const emptyTask = await waitForTask(
        admin.t,
        auth(),
        empty.json<{ data: { taskId: string } }>().data.taskId,
      );
      expect(emptyTask.status).toBe('completed');
      expect(await allKeys(admin.t, other, 'was-empty/')).toEqual(['was-empty/inner/']);
      expect(await allKeys(admin.t, storage, 'empty/')).toEqual([]);

      // The other storage has room for the small file only: the big one stays where it was.
      const quota = await call('PUT', `/api/s3-configs/${other}`, { total_storage_bytes: 10_000 });
      expect(quota.statusCode, quota.body).toBe(200);
      await seed(admin.t, storage, 'mixed/small.txt', 'small');
      await seed(admin.t, storage, 'mixed/big.bin', randomBytes(20_000));
      const mixed = await call('POST', '/api/fs/rename', {
        oldPath: '/team/docs/mixed',
        newPath: '/other/mixed',
      });
      const task = await waitForTask(
        admin.t,
        auth(),
        mixed.json<{ data: { taskId: string } }>().data.taskId,
      );
      expect(task.status).toBe('partial');
      expect(task.items.map((item) => [item.source, item.status])).toEqual([
        ['/team/docs/mixed', 'completed'],
        ['/team/docs/mixed/big.bin', 'failed'],
        ['/team/docs/mixed/small.txt', 'completed'],
        ['/team/docs/mixed', 'failed'],
      ]);
      expect(task.items[1]?.error).toContain('storage');
      expect(task.items[3]?.error).toContain('keeps 1 file(s)');
      expect(await allKeys(admin.t, storage, 'mixed/')).toEqual(['mixed/big.bin']);
      expect((await readObject(admin.t, other, 'mixed/small.txt'))?.toString()).toBe('small');
      expect(await readObject(admin.t, other, 'mixed/big.bin')).toBeNull();
    });

    it('batch-remove answers per path and removes folders recursively', async () => {
      const { storage } = await givenSpace();
      await seed(admin.t, storage, 'keep.txt', 'k');
      await seed(admin.t, storage, 'gone.txt', 'g');
      await seed(admin.t, storage, 'dir/a.txt', 'a');
      await seed(admin.t, storage, 'dir/sub/b.txt', 'b');
      const changes = recordChanges();
      const res = await call('DELETE', '/api/fs/batch-remove', {
        paths: [
          '/team/docs/gone.txt',
          '/team/docs/missing',
          '/team/docs/dir',
          '/team/docs/../x',
          '/team/docs',
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{
        data: {
          results: { path: string; success: boolean; code: string | null; error: string | null }[];
        };
      }>().data;
      expect(data.results.map((r) => [r.success, r.code])).toEqual([
        [true, null],
        [false, 'NOT_FOUND'],
        [true, null],
        [false, 'VALIDATION_FAILED'],
        [false, 'FORBIDDEN'],
      ]);
      expect(data.results[3]?.error).toContain('paths[3]');
      expect(await allKeys(admin.t, storage)).toEqual(['keep.txt']);
      expect(changes.flatMap((c) => c.removed ?? [])).toEqual([
        { key: 'gone.txt', recursive: false },
        { key: 'dir', recursive: true },
      ]);
      const tooMany = await call('DELETE', '/api/fs/batch-remove', {
        paths: Array.from({ length: 1001 }, (_, i) => `/team/docs/${i}`),
      });
      expect(tooMany.statusCode).toBe(400);
    });

    it('batch-remove hands a folder of more than 1000 entries to a delete task', async () => {
      const { storage } = await givenSpace();
      const driver = await admin.t.storage.getDriver(storage);
      const keys = Array.from({ length: 1001 }, (_, i) => `big/${String(i).padStart(4, '0')}.txt`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((key) => seed(admin.t, storage, key, 'x')));
      }
      await seed(admin.t, storage, 'small/one.txt', '1');
      const changes = recordChanges();
      const res = await call('DELETE', '/api/fs/batch-remove', {
        paths: ['/team/docs/big', '/team/docs/small'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{
        data: { taskId: string; results: { path: string; queued: boolean }[] };
      }>().data;
      expect(data.results.map((r) => [r.path, r.queued])).toEqual([
        ['/team/docs/big', true],
        ['/team/docs/small', false],
      ]);
      expect(await allKeys(admin.t, storage, 'small/')).toEqual([]);
      expect((await driver.list('big/', { limit: 1 })).objects).toHaveLength(1);

      runners.start(admin.t);
      const task = await waitForTask(admin.t, auth(), data.taskId);
      expect(task).toMatchObject({ type: 'delete', status: 'completed', items_total: 1 });
      expect(task.items).toMatchObject([
        { source: '/team/docs/big', target: '', status: 'completed' },
      ]);
      expect(await allKeys(admin.t, storage, 'big/')).toEqual([]);
      expect(changes.flatMap((c) => c.removed ?? [])).toEqual([
        { key: 'small', recursive: true },
        { key: 'big', recursive: true },
      ]);
    });

    it('presign + commit stores the bytes; size and ETag come from storage', async () => {
      const { storage } = await givenSpace();
      const data = randomBytes(20_000);
      const presign = await call('POST', '/api/fs/presign', {
        path: '/team/docs/up',
        fileName: 'p.bin',
        contentType: 'application/octet-stream',
        fileSize: data.length,
      });
      expect(presign.statusCode, presign.body).toBe(200);
      const signed = presign.json<{
        data: { presignedUrl: string; headers: Headers; key: string };
      }>().data;
      expect(signed.key).toBe('up/p.bin');
      const early = await call('POST', '/api/fs/presign/commit', {
        path: '/team/docs/up',
        fileName: 'p.bin',
      });
      expect(early.statusCode).toBe(404);
      const put = await sendSigned(admin.t, signed.presignedUrl, {
        method: 'PUT',
        headers: signed.headers,
        body: data,
      });
      expect(put.status).toBe(200);
      const changes = recordChanges();
      const lying = await call('POST', '/api/fs/presign/commit', {
        path: '/team/docs/up',
        fileName: 'p.bin',
        fileSize: 5,
      });
      expect(lying.statusCode).toBe(400);
      const commit = await call('POST', '/api/fs/presign/commit', {
        path: '/team/docs/up',
        fileName: 'p.bin',
      });
      expect(commit.statusCode, commit.body).toBe(200);
      const info = await (await admin.t.storage.getDriver(storage)).stat('up/p.bin');
      expect(commit.json<{ data: FsWritten }>().data).toMatchObject({
        size: data.length,
        etag: info?.etag,
      });
      expect(changes.flatMap((c) => c.written ?? []).map((w) => w.key)).toEqual(['up/p.bin']);
    });

    it('multipart init, parts, complete; abort; an uploadId works only for its path and caller', async () => {
      const { storage } = await givenSpace();
      const changes = recordChanges();
      const data = randomBytes(5 * MiB + 1000);
      const init = await call('POST', '/api/fs/multipart/init', {
        path: '/team/docs/mp',
        fileName: 'm.bin',
        fileSize: data.length,
        partSize: 5 * MiB,
        partCount: 2,
      });
      expect(init.statusCode, init.body).toBe(200);
      const started = init.json<{
        data: {
          uploadId: string;
          presignedUrls: { partNumber: number; url: string }[];
          headers: Headers;
        };
      }>().data;
      expect(started.presignedUrls.map((p) => p.partNumber)).toEqual([1, 2]);
      const parts = [];
      for (const target of started.presignedUrls) {
        const body = data.subarray((target.partNumber - 1) * 5 * MiB, target.partNumber * 5 * MiB);
        const sent = await sendSigned(admin.t, target.url, {
          method: 'PUT',
          headers: started.headers,
          body,
        });
        expect(sent.status).toBe(200);
        parts.push({ partNumber: target.partNumber, etag: sent.etag ?? '' });
      }
      // Another path, a forged id, another caller: no such upload.
      const key = await givenApiKey(admin.t, admin.token, { mount: true });
      const elsewhere = {
        path: '/team/docs/mp',
        fileName: 'other.bin',
        uploadId: started.uploadId,
        parts,
      };
      expect((await call('POST', '/api/fs/multipart/complete', elsewhere)).statusCode).toBe(404);
      const forged = { ...elsewhere, fileName: 'm.bin', uploadId: `${started.uploadId}x` };
      expect((await call('POST', '/api/fs/multipart/complete', forged)).statusCode).toBe(404);
      const stranger = { ...elsewhere, fileName: 'm.bin' };
      const foreign = await call('POST', '/api/fs/multipart/complete', stranger, apiKey(key.key));
      expect(foreign.statusCode).toBe(404);
      expect(await readObject(admin.t, storage, 'mp/m.bin')).toBeNull();

      const done = await call('POST', '/api/fs/multipart/complete', stranger);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<{ data: FsWritten }>().data).toMatchObject({ size: data.length });
      expect(changes.flatMap((c) => c.written ?? []).map((w) => [w.key, w.size])).toEqual([
        ['mp/m.bin', data.length],
      ]);
      expect(sha((await readObject(admin.t, storage, 'mp/m.bin')) ?? Buffer.alloc(0))).toBe(
        sha(data),
      );

      const again = await call('POST', '/api/fs/multipart/init', {
        path: '/team/docs/mp',
        fileName: 'n.bin',
        fileSize: 10,
      });
      const uploadId = again.json<{ data: { uploadId: string } }>().data.uploadId;
      const abort = await call('POST', '/api/fs/multipart/abort', {
        path: '/team/docs/mp',
        fileName: 'n.bin',
        uploadId,
      });
      expect(abort.json()).toMatchObject({ data: { aborted: true } });
      expect(await readObject(admin.t, storage, 'mp/n.bin')).toBeNull();
    });

    it('resumes a multipart upload: the parts storage holds and fresh URLs, for its caller only', async () => {
      const { storage } = await givenSpace();
      const data = randomBytes(5 * MiB + 1000);
      const ref = { path: '/team/docs/mp', fileName: 'r.bin' };
      const init = await call('POST', '/api/fs/multipart/init', { ...ref, fileSize: data.length });
      type Started = {
        uploadId: string;
        presignedUrls: { partNumber: number; url: string }[];
        headers: Headers;
      };
      const started = init.json<{ data: Started }>().data;
      const partOf = (n: number) => data.subarray((n - 1) * 5 * MiB, n * 5 * MiB);
      const first = started.presignedUrls[0];
      if (!first) throw new Error('no part URL');
      const sent = await sendSigned(admin.t, first.url, {
        method: 'PUT',
        headers: started.headers,
        body: partOf(1),
      });
      expect(sent.status).toBe(200);

      // The page was reloaded: it asks what is stored and gets URLs again.
      const state = await call('POST', '/api/fs/multipart/parts', {
        ...ref,
        uploadId: started.uploadId,
      });
      expect(state.statusCode, state.body).toBe(200);
      const resumed = state.json<{
        data: Started & { parts: { partNumber: number; etag: string; size: number }[] };
      }>().data;
      // Listed ETags come unquoted (as the /upload resume answers them); complete takes either.
      const bare = (etag: string | null | undefined) => etag?.replaceAll('"', '');
      expect(resumed.parts).toEqual([{ partNumber: 1, etag: bare(sent.etag), size: 5 * MiB }]);
      expect(resumed.presignedUrls.map((p) => p.partNumber)).toEqual([1, 2]);
      const second = resumed.presignedUrls[1];
      if (!second) throw new Error('no second part URL');
      const rest = await sendSigned(admin.t, second.url, {
        method: 'PUT',
        headers: resumed.headers,
        body: partOf(2),
      });
      expect(rest.status).toBe(200);

      // Another caller, another name or a forged id learn nothing (404, as complete says).
      const key = await givenApiKey(admin.t, admin.token, { mount: true });
      const asKey = await call(
        'POST',
        '/api/fs/multipart/parts',
        { ...ref, uploadId: started.uploadId },
        apiKey(key.key),
      );
      expect(asKey.statusCode).toBe(404);
      const renamed = { ...ref, fileName: 's.bin', uploadId: started.uploadId };
      expect((await call('POST', '/api/fs/multipart/parts', renamed)).statusCode).toBe(404);
      const forged = { ...ref, uploadId: 'forged' };
      expect((await call('POST', '/api/fs/multipart/parts', forged)).statusCode).toBe(404);
      const extra = { ...ref, uploadId: started.uploadId, partSize: 1 };
      const refused = await call('POST', '/api/fs/multipart/parts', extra);
      expect(refused.statusCode).toBe(400);

      const done = await call('POST', '/api/fs/multipart/complete', {
        ...ref,
        uploadId: started.uploadId,
        parts: [
          { partNumber: 1, etag: resumed.parts[0]?.etag ?? '' },
          { partNumber: 2, etag: rest.etag ?? '' },
        ],
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(sha((await readObject(admin.t, storage, 'mp/r.bin')) ?? Buffer.alloc(0))).toBe(
        sha(data),
      );
    });

    it('refuses every write into a read-only mount and from a read-only key (403 READ_ONLY)', async () => {
      const { storage } = await givenSpace();
      await givenMount(admin.t, admin.token, '/frozen', storage, true);
      await seed(admin.t, storage, 'seeded.txt', 's');
      const frozen = await admin.t.app.inject({
        method: 'GET',
        url: '/api/fs/list?path=/frozen',
        headers: auth(),
      });
      expect(frozen.json<{ data: { writable: boolean } }>().data.writable).toBe(false);
      const rw = await givenApiKey(admin.t, admin.token, { mount: true });
      const ro = await givenApiKey(admin.t, admin.token, { mount: true, name: 'ro' });
      await admin.t.database.db
        .updateTable('api_keys')
        .set({ mount_read_only: 1 })
        .where('id', '=', ro.id)
        .execute();
      const attempts = (root: string): [string, string, unknown][] => [
        ['POST', '/api/fs/mkdir', { path: `${root}/new` }],
        ['POST', '/api/fs/update', { path: `${root}/u.txt`, content: 'u' }],
        ['POST', '/api/fs/rename', { oldPath: `${root}/seeded.txt`, newPath: `${root}/r.txt` }],
        ['DELETE', '/api/fs/batch-remove', { paths: [`${root}/seeded.txt`] }],
        ['POST', '/api/fs/presign', { path: root, fileName: 'p.bin', fileSize: 1 }],
        ['POST', '/api/fs/presign/commit', { path: root, fileName: 'seeded.txt' }],
        ['POST', '/api/fs/multipart/init', { path: root, fileName: 'm.bin', fileSize: 1 }],
        [
          'POST',
          '/api/fs/multipart/complete',
          { path: root, fileName: 'm.bin', uploadId: 'x', parts: [{ partNumber: 1, etag: 'e' }] },
        ],
        ['POST', '/api/fs/multipart/abort', { path: root, fileName: 'm.bin', uploadId: 'x' }],
        ['POST', '/api/fs/fetch', { path: root, items: [{ url: 'http://files.test/f.bin' }] }],
      ];
      const cases: [Headers, string][] = [
        [auth(), '/frozen'],
        [apiKey(rw.key), '/frozen'],
        [apiKey(ro.key), '/team/docs'],
      ];
      for (const [headers, root] of cases) {
        for (const [method, url, payload] of attempts(root)) {
          const res = await call(method as 'POST', url, payload, headers);
          expect(res.json(), `${url} ${root}`).toMatchObject({ error: 'READ_ONLY' });
          expect(res.statusCode).toBe(403);
        }
        const up = await upload([['path', root]], randomBytes(100), 'first', headers);
        expect(up.statusCode).toBe(403);
        expect(up.json()).toMatchObject({ error: 'READ_ONLY' });
      }
      expect(await allKeys(admin.t, storage)).toEqual(['seeded.txt']);
    });

    it('keeps a key with basic path /team/docs inside it, whatever the payload', async () => {
      const { storage } = await givenSpace();
      await seed(admin.t, storage, 'inside.txt', 'in');
      await seed(admin.t, storage, 'm.txt', 'media');
      const key = await givenApiKey(admin.t, admin.token, {
        mount: true,
        basic_path: '/team/docs',
      });
      const as = apiKey(key.key);
      const outside = [
        '/team/media/x',
        '/team/docs-private/x',
        '/other/x',
        '/team/docs/../media/x',
        '/team/docs/%2e%2e/x/..',
        '/team/docs\\..\\media',
        '/team/docs/a\u0000b',
        'team/docs/x',
      ];
      for (const path of outside) {
        const attempts: [string, string, unknown][] = [
          ['POST', '/api/fs/mkdir', { path }],
          ['POST', '/api/fs/update', { path, content: 'x' }],
          ['POST', '/api/fs/rename', { oldPath: '/team/docs/inside.txt', newPath: path }],
          ['POST', '/api/fs/rename', { oldPath: path, newPath: '/team/docs/pulled.txt' }],
          ['DELETE', '/api/fs/batch-remove', { paths: [path] }],
          ['POST', '/api/fs/presign', { path, fileName: 'p.bin', fileSize: 1 }],
          ['POST', '/api/fs/multipart/init', { path, fileName: 'p.bin', fileSize: 1 }],
          ['POST', '/api/fs/fetch', { path, items: [{ url: 'http://files.test/f.bin' }] }],
        ];
        for (const [method, url, payload] of attempts) {
          const res = await call(method as 'POST', url, payload, as);
          expect([400, 403], `${url} ${path}: ${res.body}`).toContain(res.statusCode);
        }
        const up = await upload([['path', path]], randomBytes(10), 'first', as);
        expect([400, 403]).toContain(up.statusCode);
      }
      // The odd but legal name %2e%2e stays inside; nothing outside changed.
      const legal = await call('POST', '/api/fs/mkdir', { path: '/team/docs/%2e%2e' }, as);
      expect(legal.statusCode).toBe(201);
      expect(await allKeys(admin.t, storage)).toEqual(['%2e%2e/', 'inside.txt', 'm.txt']);
      expect((await readObject(admin.t, storage, 'm.txt'))?.toString()).toBe('media');
    });

    it('leaves nothing stored past the quota (507) or a key over max_upload_size (413)', async () => {
      const { storage, other } = await givenSpace({ total_storage_bytes: 50_000 });
      const over = await upload([['path', '/team/docs']], randomBytes(60_000), 'first');
      expect(over.statusCode).toBe(507);
      expect(over.json()).toMatchObject({
        error: 'INSUFFICIENT_STORAGE',
        data: { remaining: 50_000, total_capacity: 50_000 },
      });
      const late = await upload([['path', '/team/docs']], randomBytes(60_000), 'last');
      expect(late.statusCode).toBe(507);
      const presign = await call('POST', '/api/fs/presign', {
        path: '/team/docs',
        fileName: 'q.bin',
        fileSize: 60_000,
      });
      expect(presign.statusCode).toBe(507);

      const limit = await call('PUT', '/api/admin/system-settings', { max_upload_size: 1 });
      expect(limit.statusCode).toBe(200);
      const key = await givenApiKey(admin.t, admin.token, { mount: true });
      const big = randomBytes(MiB + 1);
      for (const order of ['first', 'last'] as const) {
        const res = await upload([['path', '/other']], big, order, apiKey(key.key));
        expect(res.statusCode).toBe(413);
      }
      const update = await call(
        'POST',
        '/api/fs/update',
        { path: '/other/t.txt', content: 'x'.repeat(MiB + 1) },
        apiKey(key.key),
      );
      expect(update.statusCode).toBe(413);
      expect(await allKeys(admin.t, storage)).toEqual([]);
      expect(await allKeys(admin.t, other)).toEqual([]);
    });
  });
});

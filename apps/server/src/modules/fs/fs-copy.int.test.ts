import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BatchCopyResult } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, sendSigned, STORAGE_KINDS, type StorageKind } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount, readObject, seedObject } from '../../../test/mounts.js';
import { useTaskRunner, waitForTask } from '../../../test/tasks.js';

type Headers = Record<string, string>;

const BIG = 50 * 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function copy(t: TestApp, headers: Headers, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/fs/batch-copy', headers, payload });
}

async function copied(t: TestApp, headers: Headers, payload: object): Promise<BatchCopyResult> {
  const res = await copy(t, headers, payload);
  if (res.statusCode !== 202) throw new Error(`batch-copy: ${res.statusCode} ${res.body}`);
  return res.json<{ data: BatchCopyResult }>().data;
}

describe.each(DATABASE_KINDS)('fs batch copy on %s', (kind) => {
  const admin = useAdminApp(kind);
  const runners = useTaskRunner();
  const auth = () => bearer(admin.token);

  /** A mount at /m on storage `storageKind`, with the test's own folder on it. */
  async function givenPlace(storageKind: StorageKind, mountPath = '/m') {
    const storage = await givenStorage(admin.t, admin.token, storageKind, { allow_api_keys: true });
    await givenMount(admin.t, mountPath, storage);
    const dir = randomUUID();
    return { storage, dir, path: `${mountPath}/${dir}`, key: (rest: string) => `${dir}/${rest}` };
  }

  describe.each(STORAGE_KINDS)('within %s storage', (storageKind) => {
    it('copies a file and a folder inside the storage, skipping existing targets when asked', async () => {
      const { t } = admin;
      const place = await givenPlace(storageKind);
      await seedObject(t, place.storage, place.key('a.txt'), Buffer.from('alpha'));
      await seedObject(t, place.storage, place.key('dir/b.txt'), Buffer.from('beta'));
      await seedObject(t, place.storage, place.key('dir/sub/c.txt'), Buffer.from('gamma'));

      const result = await copied(t, auth(), {
        items: [
          { sourcePath: `${place.path}/a.txt`, targetPath: `${place.path}/a-copy.txt` },
          { sourcePath: `${place.path}/dir`, targetPath: `${place.path}/dir-copy` },
        ],
      });
      expect(result).toMatchObject({ crossStorage: false, success: 3, skipped: 0, failed: 0 });
      expect(result.taskId).toBeNull();
      expect(await readObject(t, place.storage, place.key('a-copy.txt'))).toEqual(
        Buffer.from('alpha'),
      );
      expect(await readObject(t, place.storage, place.key('dir-copy/sub/c.txt'))).toEqual(
        Buffer.from('gamma'),
      );

      await seedObject(t, place.storage, place.key('a.txt'), Buffer.from('changed'));
      const again = await copied(t, auth(), {
        items: [{ sourcePath: `${place.path}/a.txt`, targetPath: `${place.path}/a-copy.txt` }],
        skipExisting: true,
      });
      expect(again).toMatchObject({ success: 0, skipped: 1 });
      expect(again.details[0]?.status).toBe('skipped');
      expect(await readObject(t, place.storage, place.key('a-copy.txt'))).toEqual(
        Buffer.from('alpha'),
      );
      // Without skipExisting an existing target is replaced.
      await copied(t, auth(), {
        items: [{ sourcePath: `${place.path}/a.txt`, targetPath: `${place.path}/a-copy.txt` }],
      });
      expect(await readObject(t, place.storage, place.key('a-copy.txt'))).toEqual(
        Buffer.from('changed'),
      );
    });

    it('refuses a folder copied into itself, a read-only mount and paths outside a key', async () => {
      const { t, token } = admin;
      const place = await givenPlace(storageKind, '/team/docs');
      await givenMount(t, '/other', place.storage);
      await givenMount(t, '/frozen', place.storage, { read_only: true });
      await seedObject(t, place.storage, place.key('dir/a.txt'), Buffer.from('a'));

      const into = await copy(t, auth(), {
        items: [{ sourcePath: `${place.path}/dir`, targetPath: `${place.path}/dir/inner` }],
      });
      expect(into.statusCode).toBe(400);
      expect(into.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
      expect(into.body).toContain('items[0].targetPath');

      const frozen = await copy(t, auth(), {
        items: [
          { sourcePath: `${place.path}/dir/a.txt`, targetPath: `/frozen/${place.dir}/a.txt` },
        ],
      });
      expect(frozen.statusCode).toBe(403);
      expect(frozen.json()).toMatchObject({ error: 'READ_ONLY' });

      const key = await givenApiKey(t, token, { mount: true, basic_path: '/team/docs' });
      const asKey = apiKey(key.key);
      const inside = `${place.path}/dir/a.txt`;
      const attacks = [
        { sourcePath: `/other/${place.dir}/dir/a.txt`, targetPath: `${place.path}/x.txt` },
        { sourcePath: inside, targetPath: `/other/${place.dir}/x.txt` },
        { sourcePath: inside, targetPath: '/team/docs-private/x.txt' },
        {
          sourcePath: `/team/docs/../../other/${place.dir}/dir/a.txt`,
          targetPath: `${place.path}/y`,
        },
        { sourcePath: inside, targetPath: '/team/docs\\..\\..\\other\\z.txt' },
        { sourcePath: inside, targetPath: '/team/docs/a\u0000b' },
        { sourcePath: '/team', targetPath: `${place.path}/t` },
      ];
      for (const item of attacks) {
        const res = await copy(t, asKey, { items: [item] });
        expect([400, 403], `${JSON.stringify(item)} → ${res.body}`).toContain(res.statusCode);
      }
      const driver = await t.storage.getDriver(place.storage);
      expect(await driver.stat(`${place.dir}/x.txt`)).toBeNull();
      // JSON paths are not percent-decoded: '%2e%2e' is a plain name inside the key's folder.
      const encoded = await copied(t, asKey, {
        items: [{ sourcePath: inside, targetPath: `${place.path}/%2e%2e/%2e%2e/z.txt` }],
      });
      expect(encoded.success).toBe(1);
      expect(await driver.stat(`${place.dir}/%2e%2e/%2e%2e/z.txt`)).not.toBeNull();
      // Inside its basic path the same key copies.
      const ok = await copied(t, asKey, {
        items: [{ sourcePath: inside, targetPath: `${place.path}/ok.txt` }],
      });
      expect(ok.success).toBe(1);
    });
  });

  describe.each([
    ['local', 's3'],
    ['s3', 'local'],
  ] as const)('from %s to %s storage', (from, to) => {
    it('streams a folder with a 50 MB file through a task, byte for byte', async () => {
      const { t } = admin;
      const source = await givenPlace(from, '/src');
      const target = await givenPlace(to, '/dst');
      const big = randomBytes(BIG);
      await seedObject(t, source.storage, source.key('folder/big.bin'), big);
      await seedObject(t, source.storage, source.key('folder/sub/small.txt'), Buffer.from('hi'));
      runners.start(t);

      const result = await copied(t, auth(), {
        items: [{ sourcePath: `${source.path}/folder`, targetPath: `${target.path}/folder` }],
      });
      expect(result).toMatchObject({ crossStorage: true, requiresClientSideCopy: false });
      expect(result.details[0]?.status).toBe('queued');
      const task = await waitForTask(t, auth(), result.taskId!);
      expect(task).toMatchObject({ type: 'copy', status: 'completed' });
      expect(task.progress.bytes_done).toBe(BIG + 2);
      expect(task.progress.bytes_total).toBe(BIG + 2);
      const files = task.items.filter((item) => item.source !== `${source.path}/folder`);
      expect(files.map((item) => item.status)).toEqual(['completed', 'completed']);
      expect(sha(await readObject(t, target.storage, target.key('folder/big.bin')))).toBe(sha(big));
      expect(await readObject(t, target.storage, target.key('folder/sub/small.txt'))).toEqual(
        Buffer.from('hi'),
      );
    });

    it('skips existing targets in a task when asked', async () => {
      const { t } = admin;
      const source = await givenPlace(from, '/src');
      const target = await givenPlace(to, '/dst');
      await seedObject(t, source.storage, source.key('a.txt'), Buffer.from('new'));
      await seedObject(t, target.storage, target.key('a.txt'), Buffer.from('old'));
      runners.start(t);
      const result = await copied(t, auth(), {
        items: [{ sourcePath: `${source.path}/a.txt`, targetPath: `${target.path}/a.txt` }],
        skipExisting: true,
      });
      const task = await waitForTask(t, auth(), result.taskId!);
      expect(task.status).toBe('completed');
      expect(task.items[0]?.status).toBe('skipped');
      expect(await readObject(t, target.storage, target.key('a.txt'))).toEqual(Buffer.from('old'));
    });

    it('relays through the client with client_copy and commits with sizes from storage', async () => {
      const { t } = admin;
      const source = await givenPlace(from, '/src');
      const target = await givenPlace(to, '/dst');
      const body = randomBytes(4096);
      await seedObject(t, source.storage, source.key('dir/r.bin'), body);

      const result = await copied(t, auth(), {
        items: [{ sourcePath: `${source.path}/dir`, targetPath: `${target.path}/dir` }],
        client_copy: true,
      });
      expect(result).toMatchObject({ requiresClientSideCopy: true, taskId: null });
      const [item] = result.crossStorageResults;
      expect(item).toMatchObject({
        sourcePath: `${source.path}/dir/r.bin`,
        targetPath: `${target.path}/dir/r.bin`,
        targetKey: target.key('dir/r.bin'),
        fileName: 'r.bin',
        isDirectory: false,
        relativeDir: '',
      });
      const download = await sendSigned(t, item!.downloadUrl, { method: 'GET' });
      expect(download.body).toEqual(body);
      const upload = await sendSigned(t, item!.uploadUrl, {
        method: 'PUT',
        headers: item!.uploadHeaders,
        body: download.body,
      });
      expect(upload.status).toBeLessThan(300);

      const mountId = item!.targetMount;
      const commit = await t.app.inject({
        method: 'POST',
        url: '/api/fs/batch-copy-commit',
        headers: auth(),
        payload: {
          targetMountId: mountId,
          files: [
            {
              targetPath: item!.targetPath,
              s3Path: item!.targetKey,
              fileSize: 1,
              etag: 'made-up',
            },
            { targetPath: `${target.path}/dir/never-sent.bin` },
          ],
        },
      });
      expect(commit.statusCode, commit.body).toBe(200);
      const data = commit.json<{ data: { files: { size: number; etag: string }[] } }>().data;
      expect(data).toMatchObject({ success: 1, failed: 1 });
      expect(data.files[0]?.size).toBe(4096);
      expect(data.files[0]?.etag).not.toBe('made-up');

      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/fs/batch-copy-commit',
        headers: auth(),
        payload: { targetMountId: mountId, files: [{ targetPath: '/src/x', s3Path: 'x' }] },
      });
      expect(mismatch.statusCode).toBe(400);
    });
  });
});

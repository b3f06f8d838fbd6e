import { Readable } from 'node:stream';
import type { FileDetail } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, givenStorage, STORAGE_KINDS } from '../../../test/files.js';
import type { FsChange } from '../../vfs/fs-changes.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount, readObject } from '../../../test/mounts.js';
import { useTaskRunner, waitForTask } from '../../../test/tasks.js';

async function putObject(t: TestApp, configId: string, key: string, text: string) {
  const driver = await t.storage.getDriver(configId);
  await driver.write(key, Readable.from([Buffer.from(text)]), {
    contentType: 'text/plain',
    contentLength: Buffer.byteLength(text),
  });
  return driver;
}

async function driverText(t: TestApp, configId: string, key: string): Promise<string> {
  return (await readObject(t, configId, key)).toString('utf8');
}

describe.each(DATABASE_KINDS)('sharing a file of a mount on %s', (kind) => {
  const admin = useAdminApp(kind);
  const runners = useTaskRunner();

  async function share(headers: Record<string, string>, payload: Record<string, unknown>) {
    return admin.t.app.inject({ method: 'POST', url: '/api/fs/share', headers, payload });
  }

  const goneRule = (res: { statusCode: number; json: <T>() => T }) => {
    expect(res.statusCode).toBe(410);
    return res.json<{ error: string; details: { rule: string }[] }>().details[0]?.rule;
  };

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind) => {
    it('shares the object in place, counts views, and never deletes the object', async () => {
      const { t, token } = admin;
      const configId = await givenStorage(t, token, storageKind);
      const driver = await putObject(t, configId, 'docs/report.txt', 'quarterly numbers');
      await givenMount(t, '/team', configId);
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/s3-configs/${configId}`,
        headers: bearer(token),
      });

      const res = await share(bearer(token), {
        path: '/team/docs/report.txt',
        slug: 'report-link',
        max_views: 2,
      });
      expect(res.statusCode, res.body).toBe(201);
      const shared = res.json<{ data: FileDetail }>().data;
      expect(shared).toMatchObject({
        slug: 'report-link',
        filename: 'report.txt',
        size: 17,
        storage_path: 'docs/report.txt',
        s3_config_id: configId,
        max_views: 2,
      });

      const first = await download(t, 'report-link');
      expect(first.statusCode).toBe(200);
      expect(first.body).toBe('quarterly numbers');
      expect((await download(t, 'report-link')).statusCode).toBe(200);
      expect(goneRule(await download(t, 'report-link'))).toBe('view_limit');

      // The share takes no space of its own: the object is the mount's.
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/s3-configs/${configId}`,
        headers: bearer(token),
      });
      expect(after.json<{ data: { used_bytes: number } }>().data.used_bytes).toBe(
        before.json<{ data: { used_bytes: number } }>().data.used_bytes,
      );

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/files/${shared.id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode).toBe(200);
      expect(await driver.stat('docs/report.txt')).not.toBeNull();
    });

    it('answers 410 once the object is removed through this server', async () => {
      const { t, token } = admin;
      const configId = await givenStorage(t, token, storageKind);
      await putObject(t, configId, 'a/b/one.txt', 'one');
      await putObject(t, configId, 'a/two.txt', 'two');
      await putObject(t, configId, 'a-sibling.txt', 'sibling');
      await givenMount(t, '/m', configId);
      for (const [path, slug] of [
        ['/m/a/b/one.txt', 'one-link'],
        ['/m/a/two.txt', 'two-link'],
        ['/m/a-sibling.txt', 'sibling-link'],
      ] as const) {
        expect((await share(bearer(token), { path, slug })).statusCode).toBe(201);
      }

      // A deleted folder ends the shares beneath it, and only those.
      await t.root.fsChanges.emit({
        storageConfigId: configId,
        removed: [{ key: 'a', recursive: true }],
      });
      for (const slug of ['one-link', 'two-link']) {
        const info = await t.app.inject({ method: 'GET', url: `/api/public/files/${slug}` });
        expect(goneRule(info)).toBe('source_removed');
        expect(goneRule(await download(t, slug))).toBe('source_removed');
      }
      expect((await download(t, 'sibling-link')).body).toBe('sibling');
    });

    it('answers 410 once the object is renamed or removed through the fs API', async () => {
      const { t, token } = admin;
      const auth = bearer(token);
      const configId = await givenStorage(t, token, storageKind);
      await putObject(t, configId, 'renamed.txt', 'renamed soon');
      await putObject(t, configId, 'removed.txt', 'removed soon');
      await putObject(t, configId, 'dir/inner.txt', 'moved with its folder');
      await putObject(t, configId, 'gone/inner.txt', 'removed with its folder');
      await putObject(t, configId, 'kept.txt', 'kept');
      await givenMount(t, '/m', configId);
      for (const name of ['renamed', 'removed', 'dir/inner', 'gone/inner', 'kept']) {
        const res = await share(auth, { path: `/m/${name}.txt`, slug: name.replace('/', '-') });
        expect(res.statusCode, res.body).toBe(201);
      }
      const fs = (method: 'POST' | 'DELETE', url: string, payload: object) =>
        t.app.inject({ method, url, headers: auth, payload });
      // The info answer reads no storage: a 410 there is the mark the fs change left.
      const info = (slug: string) =>
        t.app.inject({ method: 'GET', url: `/api/public/files/${slug}` });

      const renamed = await fs('POST', '/api/fs/rename', {
        oldPath: '/m/renamed.txt',
        newPath: '/m/elsewhere.txt',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const removed = await fs('DELETE', '/api/fs/batch-remove', {
        paths: ['/m/removed.txt', '/m/gone'],
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ data: { success: 2, failed: 0 } });
      const moved = await fs('POST', '/api/fs/rename', { oldPath: '/m/dir', newPath: '/m/dir2' });
      expect(moved.statusCode, moved.body).toBe(200);
      runners.start(t);
      const task = await waitForTask(
        t,
        auth,
        moved.json<{ data: { taskId: string } }>().data.taskId,
      );
      expect(task.status).toBe('completed');

      for (const slug of ['renamed', 'removed', 'dir-inner', 'gone-inner']) {
        expect(goneRule(await info(slug)), slug).toBe('source_removed');
        expect(goneRule(await download(t, slug)), slug).toBe('source_removed');
      }
      // The objects that moved are where they were moved to; the untouched share still serves.
      expect(await driverText(t, configId, 'elsewhere.txt')).toBe('renamed soon');
      expect(await driverText(t, configId, 'dir2/inner.txt')).toBe('moved with its folder');
      expect((await download(t, 'kept')).body).toBe('kept');
    });

    it('finds out when the object was deleted or replaced behind its back', async () => {
      const { t, token } = admin;
      const configId = await givenStorage(t, token, storageKind);
      const driver = await putObject(t, configId, 'gone.txt', 'soon gone');
      await putObject(t, configId, 'changed.txt', 'first version');
      await givenMount(t, '/m', configId);
      await share(bearer(token), { path: '/m/gone.txt', slug: 'gone-link' });
      await share(bearer(token), { path: '/m/changed.txt', slug: 'changed-link' });

      await driver.deleteMany(['gone.txt']);
      await putObject(t, configId, 'changed.txt', 'second version, longer');
      expect(goneRule(await download(t, 'gone-link'))).toBe('source_removed');
      expect(goneRule(await download(t, 'changed-link'))).toBe('source_removed');
      // Marked: the info answers 410 too, without asking storage again.
      const info = await t.app.inject({ method: 'GET', url: '/api/public/files/gone-link' });
      expect(goneRule(info)).toBe('source_removed');
    });
  });

  it('refuses folders, missing files, paths outside the key and keys without file rights', async () => {
    const { t, token } = admin;
    const configId = await givenStorage(t, token, 'local', { allow_api_keys: true });
    await putObject(t, configId, 'team/docs/a.txt', 'a');
    await putObject(t, configId, 'team/media/b.txt', 'b');
    await givenMount(t, '/s', configId);
    const auth = bearer(token);

    const folder = await share(auth, { path: '/s/team/docs' });
    expect(folder.statusCode).toBe(400);
    expect(folder.json<{ details: { field: string }[] }>().details[0]?.field).toBe('path');
    expect((await share(auth, { path: '/s' })).statusCode).toBe(400);
    expect((await share(auth, { path: '/' })).statusCode).toBe(400);
    expect((await share(auth, { path: '/s/team/nothing.txt' })).statusCode).toBe(404);
    for (const path of ['/s/team/docs/../media/b.txt', '/s/team\\media', 's/team/docs/a.txt']) {
      expect((await share(auth, { path })).statusCode, path).toBe(400);
    }
    expect((await share(auth, { path: '/s/team/docs/a.txt', extra: 1 })).statusCode).toBe(400);

    const scoped = await givenApiKey(t, token, {
      mount: true,
      file: true,
      basic_path: '/s/team/docs',
    });
    expect((await share(apiKey(scoped.key), { path: '/s/team/docs/a.txt' })).statusCode).toBe(201);
    const outside = await share(apiKey(scoped.key), { path: '/s/team/media/b.txt' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json<{ error: string }>().error).toBe('PATH_FORBIDDEN');

    const mountOnly = await givenApiKey(t, token, { mount: true });
    const denied = await share(apiKey(mountOnly.key), { path: '/s/team/docs/a.txt' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json<{ error: string }>().error).toBe('PERMISSION_DENIED');
    const fileOnly = await givenApiKey(t, token, { file: true });
    expect((await share(apiKey(fileOnly.key), { path: '/s/team/docs/a.txt' })).statusCode).toBe(
      403,
    );
  });

  it('announces what share uploads write and what deleting a share removes', async () => {
    const { t, token } = admin;
    const seen: FsChange[] = [];
    t.root.fsChanges.subscribe((change) => {
      seen.push(change);
    });
    const res = await directUpload(
      t,
      bearer(token),
      {},
      {
        filename: 'note.txt',
        type: 'text/plain',
        data: Buffer.from('hello'),
      },
    );
    const uploaded = res.json<{ data: FileDetail }>().data;
    expect(seen.map(({ storageConfigId, written }) => ({ storageConfigId, written }))).toEqual([
      {
        storageConfigId: uploaded.s3_config_id,
        written: [
          expect.objectContaining({ key: uploaded.storage_path, isDirectory: false, size: 5 }),
        ],
      },
    ]);
    expect(seen[0]?.written?.[0]?.modified).toBeInstanceOf(Date);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/files/${uploaded.id}`,
      headers: bearer(token),
    });
    expect(seen[1]).toEqual({
      storageConfigId: uploaded.s3_config_id,
      removed: [{ key: uploaded.storage_path, recursive: false }],
    });
  });
});

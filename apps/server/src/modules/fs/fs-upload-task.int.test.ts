import type { Task, UploadTaskCreated } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, STORAGE_KINDS, type StorageKind } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { createMount, seedObject } from '../../../test/mounts.js';
import { getTask, useTaskRunner } from '../../../test/tasks.js';

type Headers = Record<string, string>;

describe.each(DATABASE_KINDS)('upload tasks on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);
  const runners = useTaskRunner();

  function post(url: string, payload: unknown, headers: Headers = auth()) {
    return admin.t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  }
  async function create(payload: unknown, headers: Headers = auth()) {
    const res = await post('/api/fs/upload-tasks', payload, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: UploadTaskCreated }>().data;
  }
  function report(id: string, seq: number, payload: unknown, headers: Headers = auth()) {
    return post(`/api/fs/upload-tasks/${id}/items/${seq}`, payload, headers);
  }

  describe.each(STORAGE_KINDS)('on %s storage', (storageKind: StorageKind) => {
    async function givenSpace(extra: Parameters<typeof givenStorage>[3] = {}) {
      const storage = await givenStorage(admin.t, admin.token, storageKind, {
        allow_api_keys: true,
        ...extra,
      });
      await createMount(admin.t, admin.token, '/team/docs', storage, { cache_ttl: 0 });
      await createMount(admin.t, admin.token, '/team/media', storage, { cache_ttl: 0 });
      return storage;
    }

    it('records a client upload item by item; completed only once storage holds the file', async () => {
      const storage = await givenSpace();
      const created = await create({
        path: '/team/docs/drop',
        files: [
          { path: 'a.txt', size: 5 },
          { path: 'sub/b.bin', size: 7 },
          { path: 'c.txt', size: 1 },
        ],
      });
      expect(created.items).toEqual([
        { seq: 0, path: '/team/docs/drop/a.txt' },
        { seq: 1, path: '/team/docs/drop/sub/b.bin' },
        { seq: 2, path: '/team/docs/drop/c.txt' },
      ]);
      const id = created.taskId;
      // No runner takes a task its client drives.
      const runner = runners.start(admin.t);
      expect(await runner.runOnce()).toBe(false);
      const fresh = await getTask(admin.t, auth(), id);
      expect(fresh).toMatchObject({ type: 'upload', status: 'running' });
      expect(fresh.progress).toEqual({ current: 0, total: 3, bytes_done: 0, bytes_total: 13 });
      expect(fresh.items.map((item) => [item.source, item.status])).toEqual([
        ['a.txt', 'pending'],
        ['sub/b.bin', 'pending'],
        ['c.txt', 'pending'],
      ]);

      expect((await report(id, 0, { status: 'downloading' })).statusCode).toBe(200);
      const early = await report(id, 0, { status: 'completed' });
      expect(early.statusCode).toBe(409);
      expect(early.json<{ message: string }>().message).toContain('not in storage');
      await seedObject(admin.t, storage, 'drop/a.txt', Buffer.from('hello world'));
      const done = await report(id, 0, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      // The size storage reports, not the one the client declared.
      expect(done.json<{ data: Task }>().data.progress).toMatchObject({
        current: 1,
        bytes_done: 11,
      });
      const back = await report(id, 0, { status: 'failed' });
      expect(back.statusCode).toBe(409);

      await report(id, 1, { status: 'failed', error: 'the network went away' });
      await seedObject(admin.t, storage, 'drop/c.txt', Buffer.from('c'));
      const last = await report(id, 2, { status: 'completed' });
      expect(last.json<{ data: Task }>().data).toMatchObject({
        status: 'partial',
        error: '1 item(s) failed',
      });
      const after = await report(id, 2, { status: 'completed' });
      expect(after.statusCode).toBe(409);

      // Retry reopens the failed file for the client (still no runner takes it).
      const retry = await post(`/api/tasks/${id}/retry`, undefined);
      expect(retry.json<{ data: Task }>().data.status).toBe('running');
      expect(await runner.runOnce()).toBe(false);
      await seedObject(admin.t, storage, 'drop/sub/b.bin', Buffer.from('b-bytes'));
      const retried = await report(id, 1, { status: 'completed' });
      expect(retried.json<{ data: Task }>().data).toMatchObject({
        status: 'completed',
        progress: { current: 3, total: 3, bytes_done: 19 },
      });
      const task = await getTask(admin.t, auth(), id);
      expect(task.items.map((item) => [item.status, item.error])).toEqual([
        ['completed', null],
        ['completed', null],
        ['completed', null],
      ]);
    });

    it('ends exactly once when every file is reported at the same moment', async () => {
      const storage = await givenSpace();
      const files = Array.from({ length: 20 }, (_, i) => ({ path: `f${i}.txt`, size: 2 }));
      const { taskId } = await create({ path: '/team/docs/many', files });
      for (const file of files) {
        await seedObject(admin.t, storage, `many/${file.path}`, Buffer.from('ok'));
      }
      const answers = await Promise.all(
        files.map((_, seq) => report(taskId, seq, { status: 'completed' })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(files.map(() => 200));
      const task = await getTask(admin.t, auth(), taskId);
      expect(task).toMatchObject({ status: 'completed', error: null });
      expect(task.progress).toEqual({ current: 20, total: 20, bytes_done: 40, bytes_total: 40 });
      expect(task.finished_at).not.toBeNull();
    });

    it('a cancel ends it at once; reports on it or on other tasks are refused', async () => {
      const storage = await givenSpace();
      const { taskId } = await create({ path: '/team/docs', files: [{ path: 'x', size: 1 }] });
      const cancel = await post(`/api/tasks/${taskId}/cancel`, undefined);
      expect(cancel.json<{ data: Task }>().data.status).toBe('cancelled');
      expect((await report(taskId, 0, { status: 'downloading' })).statusCode).toBe(409);
      expect((await report(taskId, 5, { status: 'failed' })).statusCode).toBe(404);

      const other = await create({ path: '/team/docs', files: [{ path: 'y', size: 1 }] });
      expect((await report(other.taskId, 1, { status: 'failed' })).statusCode).toBe(404);
      expect((await report(other.taskId, 0, { status: 'finished' })).statusCode).toBe(400);
      const key = await givenApiKey(admin.t, admin.token, { mount: true });
      const foreign = await report(other.taskId, 0, { status: 'failed' }, apiKey(key.key));
      expect(foreign.statusCode).toBe(404);

      // A task a runner drives (a folder move) takes no reports.
      await seedObject(admin.t, storage, 'mv/x', Buffer.from('x'));
      const move = await post('/api/fs/rename', {
        oldPath: '/team/docs/mv',
        newPath: '/team/docs/mv2',
      });
      const moveId = move.json<{ data: { taskId: string } }>().data.taskId;
      const refused = await report(moveId, 0, { status: 'completed' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('client drives');
      expect((await getTask(admin.t, auth(), moveId)).status).toBe('pending');
    });

    it('refuses targets outside reach, twice-named files and sizes past the limits, up front', async () => {
      await givenSpace({ total_storage_bytes: 1000 });
      const key = await givenApiKey(admin.t, admin.token, {
        mount: true,
        basic_path: '/team/docs',
      });
      const as = apiKey(key.key);
      const cases: [unknown, number, string][] = [
        [{ path: '/team/docs', files: [{ path: '../media/x', size: 1 }] }, 400, 'files[0].path'],
        [
          { path: '/team/docs', files: [{ path: 'a\\..\\..\\media\\x', size: 1 }] },
          400,
          'files[0].path',
        ],
        [{ path: '/team/media', files: [{ path: 'x', size: 1 }] }, 403, ''],
        [{ path: '/team', files: [{ path: 'docs/x', size: 1 }] }, 403, ''],
        [
          {
            path: '/team/docs',
            files: [
              { path: 'same', size: 1 },
              { path: 'same', size: 1 },
            ],
          },
          400,
          'files[1].path',
        ],
        [{ path: '/team/docs', files: [{ path: 'big', size: 1001 }] }, 507, ''],
        [
          {
            path: '/team/docs',
            files: [
              { path: 'half', size: 600 },
              { path: 'other-half', size: 600 },
            ],
          },
          507,
          '',
        ],
        [{ path: '/team/docs', files: [] }, 400, 'files'],
      ];
      for (const [payload, status, field] of cases) {
        const res = await post('/api/fs/upload-tasks', payload, as);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        expect(res.body).toContain(field);
      }
      const limit = await admin.t.app.inject({
        method: 'PUT',
        url: '/api/admin/system-settings',
        headers: auth(),
        payload: { max_upload_size: 1 },
      });
      expect(limit.statusCode).toBe(200);
      const tooBig = await post(
        '/api/fs/upload-tasks',
        { path: '/team/docs', files: [{ path: 'x', size: 1024 * 1024 + 1 }] },
        as,
      );
      expect(tooBig.statusCode).toBe(413);
      const list = await admin.t.app.inject({ method: 'GET', url: '/api/tasks', headers: as });
      expect(list.json<{ data: { total: number } }>().data.total).toBe(0);
    });
  });
});

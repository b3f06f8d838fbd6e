import { randomBytes, randomUUID } from 'node:crypto';
import type { BatchCopyResult, Task, TaskList } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, apiKeyActor } from '../../../test/actors.js';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { givenStorage, type StorageKind } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount, readObject, seedObject } from '../../../test/mounts.js';
import { gateReads, getTask, objectGone, useTaskRunner, waitForTask } from '../../../test/tasks.js';
import type { TaskHandler } from './task-handler.js';
import { createTaskRepository } from './task.repository.js';

type Headers = Record<string, string>;

const DIRECTIONS = [
  ['local', 's3'],
  ['s3', 'local'],
] as const;

/** A handler that records every item it runs and fails items whose source is 'fail'. */
function countingHandler(): { handler: TaskHandler; runs: Map<string, number> } {
  const runs = new Map<string, number>();
  return {
    runs,
    handler: {
      async runItem(item) {
        const key = `${item.task_id}#${item.seq}`;
        runs.set(key, (runs.get(key) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        if (item.source === 'fail') throw new Error('this item fails');
        return 'completed';
      },
    },
  };
}

const items = (n: number, source = 'ok') =>
  Array.from({ length: n }, (_, i) => ({ source, target: `t${i}`, ref: '{}', bytes: 1 }));

describe.each(DATABASE_KINDS)('tasks on %s', (kind) => {
  const admin = useAdminApp(kind);
  const runners = useTaskRunner();
  const auth = () => bearer(admin.token);

  async function givenCopy(from: StorageKind, to: StorageKind) {
    const { t, token } = admin;
    const source = await givenStorage(t, token, from, { allow_api_keys: true });
    const target = await givenStorage(t, token, to, { allow_api_keys: true });
    await givenMount(t, '/src', source);
    await givenMount(t, '/dst', target);
    const dir = randomUUID();
    return { source, target, dir };
  }

  async function startCopy(t: TestApp, headers: Headers, payload: object): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/fs/batch-copy', headers, payload });
    if (res.statusCode !== 202) throw new Error(`batch-copy: ${res.statusCode} ${res.body}`);
    return res.json<{ data: BatchCopyResult }>().data.taskId!;
  }

  function post(url: string, headers: Headers = auth()) {
    return admin.t.app.inject({ method: 'POST', url, headers });
  }

  describe.each(DIRECTIONS)('copying from %s to %s', (from, to) => {
    it('cancels a running copy: it stops, and no partial target object is left', async () => {
      const { t } = admin;
      const place = await givenCopy(from, to);
      const big = randomBytes(8 * 1024 * 1024);
      await seedObject(t, place.source, `${place.dir}/big.bin`, big);
      const gate = gateReads(await t.storage.getDriver(place.source), `${place.dir}/big.bin`);
      runners.start(t);
      const id = await startCopy(t, auth(), {
        items: [{ sourcePath: `/src/${place.dir}/big.bin`, targetPath: `/dst/${place.dir}/b.bin` }],
      });
      await gate.held;
      const running = await getTask(t, auth(), id);
      expect(running.status).toBe('running');
      expect(running.items[0]?.status).toBe('downloading');
      expect((await post(`/api/tasks/${id}/retry`)).statusCode).toBe(409);

      const cancel = await post(`/api/tasks/${id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json<{ data: Task }>().data.cancel_requested).toBe(true);
      const done = await waitForTask(t, auth(), id);
      expect(done.status).toBe('cancelled');
      expect(done.items[0]?.status).toBe('pending');
      expect(await objectGone(t, place.target, `${place.dir}/b.bin`)).toBe(true);
      expect((await post(`/api/tasks/${id}/cancel`)).statusCode).toBe(409);
    });

    it('resumes a task interrupted by a stopped runner without redoing completed items', async () => {
      const { t } = admin;
      const place = await givenCopy(from, to);
      const second = randomBytes(3 * 1024 * 1024);
      await seedObject(t, place.source, `${place.dir}/f/1.txt`, Buffer.from('first'));
      await seedObject(t, place.source, `${place.dir}/f/2.bin`, second);
      const gate = gateReads(await t.storage.getDriver(place.source), `${place.dir}/f/2.bin`);
      const first = runners.start(t);
      const id = await startCopy(t, auth(), {
        items: [{ sourcePath: `/src/${place.dir}/f`, targetPath: `/dst/${place.dir}/f` }],
      });
      await gate.held;
      await first.stop();
      const interrupted = await getTask(t, auth(), id);
      expect(interrupted.status).toBe('pending');
      expect(interrupted.items.map((item) => item.status)).toEqual([
        'completed',
        'completed',
        'pending',
      ]);
      expect(await objectGone(t, place.target, `${place.dir}/f/2.bin`)).toBe(true);

      gate.open();
      runners.start(t);
      const done = await waitForTask(t, auth(), id);
      expect(done.status).toBe('completed');
      expect(gate.reads.get(`${place.dir}/f/1.txt`)).toBe(1);
      expect(gate.reads.get(`${place.dir}/f/2.bin`)).toBe(2);
      // Buffer.equals: a deep toEqual over megabytes takes the test runner minutes.
      expect((await readObject(t, place.target, `${place.dir}/f/2.bin`)).equals(second)).toBe(true);
    });

    it('retries failed items only: a partial task then completes', async () => {
      const { t } = admin;
      const place = await givenCopy(from, to);
      await seedObject(t, place.source, `${place.dir}/ok.txt`, Buffer.from('ok'));
      const id = await startCopy(t, auth(), {
        items: [
          { sourcePath: `/src/${place.dir}/ok.txt`, targetPath: `/dst/${place.dir}/ok.txt` },
          { sourcePath: `/src/${place.dir}/late.txt`, targetPath: `/dst/${place.dir}/late.txt` },
        ],
      });
      // Planned while late.txt is missing: the batch names it failed and queues only ok.txt.
      const listed = await getTask(t, auth(), id);
      expect(listed.items).toHaveLength(1);
      await seedObject(t, place.source, `${place.dir}/gone.txt`, Buffer.from('x'));
      const gone = await startCopy(t, auth(), {
        items: [
          { sourcePath: `/src/${place.dir}/gone.txt`, targetPath: `/dst/${place.dir}/gone.txt` },
          { sourcePath: `/src/${place.dir}/ok.txt`, targetPath: `/dst/${place.dir}/ok2.txt` },
        ],
      });
      const sourceDriver = await t.storage.getDriver(place.source);
      await sourceDriver.deleteMany([`${place.dir}/gone.txt`]);
      runners.start(t);
      const partial = await waitForTask(t, auth(), gone);
      expect(partial.status).toBe('partial');
      expect(partial.items.map((item) => item.status)).toEqual(['failed', 'completed']);
      expect(partial.items[0]?.error).toBeTruthy();
      await waitForTask(t, auth(), id);

      await seedObject(t, place.source, `${place.dir}/gone.txt`, Buffer.from('back'));
      const before = await readObject(t, place.target, `${place.dir}/ok2.txt`);
      const retry = await post(`/api/tasks/${gone}/retry`);
      expect(retry.statusCode, retry.body).toBe(200);
      const done = await waitForTask(t, auth(), gone);
      expect(done.status).toBe('completed');
      expect(done.items.map((item) => item.status)).toEqual(['completed', 'completed']);
      expect(await readObject(t, place.target, `${place.dir}/gone.txt`)).toEqual(
        Buffer.from('back'),
      );
      expect(await readObject(t, place.target, `${place.dir}/ok2.txt`)).toEqual(before);
      expect((await post(`/api/tasks/${gone}/retry`)).statusCode).toBe(409);
    });
  });

  it('shows a key its own tasks only, and clears only finished ones of one status', async () => {
    const { t, token } = admin;
    const mine = await givenApiKey(t, token, { mount: true, name: 'mine' });
    const theirs = await givenApiKey(t, token, { mount: true, name: 'theirs' });
    const noMount = await givenApiKey(t, token, { file: true, name: 'files only' });
    const tasks = t.root.services.tasks;
    const keyActor = (id: string) => ({ ...apiKeyActor({ mount: true }), keyId: id });
    const myDone = await tasks.create(keyActor(mine.id), 'delete', {}, items(2));
    const myFailed = await tasks.create(keyActor(mine.id), 'delete', {}, items(1, 'fail'));
    const theirDone = await tasks.create(keyActor(theirs.id), 'delete', {}, items(1));
    const adminDone = await tasks.create(ADMIN_ACTOR, 'delete', {}, items(1));
    const { handler } = countingHandler();
    runners.start(t, { handlers: { delete: handler } });
    for (const id of [myDone, myFailed, theirDone, adminDone]) await waitForTask(t, auth(), id);
    await runners.stopAll();
    const myPending = await tasks.create(keyActor(mine.id), 'delete', {}, items(1));

    const asMine = apiKey(mine.key);
    const list = await t.app.inject({ method: 'GET', url: '/api/tasks', headers: asMine });
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ data: TaskList }>().data;
    expect(listed.items.map((task) => task.id).sort()).toEqual(
      [myDone, myFailed, myPending].sort(),
    );
    expect(listed.items[0]?.id).toBe(myPending);
    expect((await getTask(t, asMine, myFailed)).status).toBe('failed');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${theirDone}`,
      headers: asMine,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await post(`/api/tasks/${theirDone}/cancel`, asMine)).statusCode).toBe(404);
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/tasks',
      headers: apiKey(noMount.key),
    });
    expect(denied.statusCode).toBe(403);
    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/tasks?limit=2',
      headers: auth(),
    });
    expect(adminList.json<{ data: TaskList }>().data).toMatchObject({ total: 5, limit: 2 });

    for (const status of ['running', 'pending', 'bogus']) {
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/tasks?status=${status}`,
        headers: asMine,
      });
      expect(refused.statusCode).toBe(400);
    }
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/tasks?status=completed',
      headers: asMine,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ data: { deleted: 1 } });
    for (const id of [myFailed, theirDone, adminDone, myPending]) {
      expect((await getTask(t, auth(), id)).id).toBe(id);
    }
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/tasks/${myDone}`,
      headers: auth(),
    });
    expect(gone.statusCode).toBe(404);
    // Cancelling a pending task nobody runs ends it at once.
    const cancelled = await post(`/api/tasks/${myPending}/cancel`, asMine);
    expect(cancelled.json<{ data: Task }>().data.status).toBe('cancelled');
  });
});

describe.each(DATABASE_KINDS)('task progress on %s', (kind) => {
  const admin = useAdminApp(kind);

  it('finishes with the bytes of its items, whatever a late heartbeat wrote', async () => {
    const repo = createTaskRepository(admin.t.database.db);
    const id = randomUUID();
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    await repo.create({ id, type: 'copy', createdBy: 'admin', payload: '{}', now }, [
      { source: '/a/big', target: '/b/big', ref: '{}', bytes: 50 },
      { source: '/a/small', target: '/b/small', ref: '{}', bytes: 2 },
    ]);
    expect(await repo.claim(id, 'runner', now, later)).toBeDefined();
    const [big, small] = await repo.nextItems(id, 10);
    await repo.setItemStatus(id, 'runner', big!.seq, { status: 'completed' }, now);
    await repo.setItemStatus(id, 'runner', small!.seq, { status: 'completed' }, now);
    // A heartbeat sent while the first item was the one in flight, landing after the last.
    await repo.heartbeat(id, 'runner', later, 50, now);
    expect(await repo.finish(id, 'runner', 'completed', null, now)).toBe(true);
    expect(await repo.findById(id)).toMatchObject({
      bytes_done: 52,
      bytes_total: 52,
      items_done: 2,
    });
  });
});

describe('tasks on two instances of one PostgreSQL database', () => {
  const runners = useTaskRunner();

  it('never runs a task on both: every item runs exactly once', async () => {
    const first = await buildTestApp('postgres');
    const second = await buildTestApp('postgres', { sameDatabaseAs: first });
    try {
      const a = countingHandler();
      const b = countingHandler();
      runners.start(first, { handlers: { delete: a.handler }, pollMs: 5 });
      runners.start(second, { handlers: { delete: b.handler }, pollMs: 5 });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const owner = i % 2 === 0 ? first : second;
        ids.push(await owner.root.services.tasks.create(ADMIN_ACTOR, 'delete', {}, items(5)));
      }
      for (const id of ids) {
        for (let poll = 0; poll < 5000; poll++) {
          const task = await first.root.services.tasks.get(ADMIN_ACTOR, id, {
            items_limit: 10,
            items_offset: 0,
          });
          if (task.status === 'completed') break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const all = new Map<string, number>();
      for (const runs of [a.runs, b.runs]) {
        for (const [key, n] of runs) all.set(key, (all.get(key) ?? 0) + n);
      }
      expect(all.size).toBe(100);
      expect([...all.values()].every((n) => n === 1)).toBe(true);
      // Both instances took part (each task whole on one of them).
      expect(a.runs.size + b.runs.size).toBe(100);
      for (const id of ids) {
        const inA = [...a.runs.keys()].some((key) => key.startsWith(`${id}#`));
        const inB = [...b.runs.keys()].some((key) => key.startsWith(`${id}#`));
        expect(inA && inB).toBe(false);
      }
    } finally {
      await runners.stopAll();
      await second.close();
      await first.close();
    }
  });
});

import { PassThrough } from 'node:stream';
import type { TaskDetail } from '@pasteport/contract';
import { afterEach } from 'vitest';
import type { TestApp } from './app-harness.js';
import type { TaskRunner } from '../src/modules/tasks/task-runner.js';
import type { StorageDriver } from '../src/storage/storage-driver.js';

type Headers = Record<string, string>;

/** Polls per task wait: generous, so a slow machine passes; bounded, so a stuck task fails. */
const MAX_POLLS = 5000;
const FINISHED = ['completed', 'failed', 'cancelled', 'partial'];

/**
 * Whether the object is absent, asking a bounded number of times: an aborted upload may still
 * be settling in the storage server when the task has already stopped.
 */
export async function objectGone(t: TestApp, storageId: string, key: string): Promise<boolean> {
  const driver = await t.storage.getDriver(storageId);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!(await driver.stat(key))) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** GET /api/tasks/{id} (with up to 1000 items). */
export async function getTask(t: TestApp, headers: Headers, id: string): Promise<TaskDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/tasks/${id}?items_limit=1000`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(`task ${id}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: TaskDetail }>().data;
}

/** Polls the task until `done` says so (by default: until it finished). */
export async function waitForTask(
  t: TestApp,
  headers: Headers,
  id: string,
  done: (task: TaskDetail) => boolean = (task) => FINISHED.includes(task.status),
): Promise<TaskDetail> {
  for (let poll = 0; poll < MAX_POLLS; poll++) {
    const task = await getTask(t, headers, id);
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`task ${id} did not get there in ${MAX_POLLS} polls`);
}

/** A task runner on the app's services, started now and stopped after the test. */
export function useTaskRunner() {
  const started: TaskRunner[] = [];
  const stopAll = async () => {
    await Promise.all(started.splice(0).map((runner) => runner.stop()));
  };
  afterEach(stopAll);
  return {
    stopAll,
    start(
      t: TestApp,
      options: Parameters<TestApp['root']['createTaskRunner']>[0] = {},
    ): TaskRunner {
      const runner = t.root.createTaskRunner({ pollMs: 50, heartbeatMs: 50, ...options });
      runner.start();
      started.push(runner);
      return runner;
    },
  };
}

/**
 * Holds reads of one key after their first chunk until `open()` (the copy of it is then
 * mid-stream), and counts every read of each key.
 */
export function gateReads(driver: StorageDriver, gatedKey: string) {
  const reads = new Map<string, number>();
  let opened = false;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const read = driver.read.bind(driver);
  driver.read = async (key, options) => {
    reads.set(key, (reads.get(key) ?? 0) + 1);
    const result = await read(key, options);
    if (key !== gatedKey || opened) return result;
    const out = new PassThrough();
    let first = true;
    result.stream.on('data', (chunk: Buffer) => {
      out.write(chunk);
      if (!first) return;
      first = false;
      result.stream.pause();
      reached();
      void gate.then(() => result.stream.resume());
    });
    result.stream.on('end', () => out.end());
    result.stream.on('error', (err) => out.destroy(err));
    out.on('close', () => result.stream.destroy());
    return { ...result, stream: out };
  };
  return {
    reads,
    /** Resolves once a gated read has sent its first chunk and is held. */
    held,
    open() {
      opened = true;
      release();
    },
  };
}

import type { FsWritten, UploadTaskReport } from '@pasteport/contract';
import { describe, expect, it, vi } from 'vitest';
import { Listeners, type JobSnapshot, type UploadJob } from '../../../lib/transfer';
import {
  ExplorerUploads,
  OPEN_UPLOADS_KEY,
  RECENT_EXPLORER_UPLOADS_KEY,
  UPLOADS_AT_ONCE,
  type UploadDeps,
} from './explorer-uploads';

/** A job the test ends by hand: start() resolves when finish() or fail() is called. */
class FakeJob implements UploadJob<FsWritten> {
  readonly mode = 'direct';
  readonly capabilities = { pause: false, reset: false };
  private readonly listeners = new Listeners();
  private done: (() => void) | null = null;
  starts = 0;
  snapshot: JobSnapshot<FsWritten> = {
    status: 'pending',
    loaded: 0,
    total: 10,
    percent: 0,
    speed: 0,
    eta: null,
    failure: null,
    result: null,
    relayed: false,
    offline: false,
  };
  constructor(readonly path: string) {}
  getSnapshot = () => this.snapshot;
  subscribe = (listener: () => void) => this.listeners.subscribe(listener);
  start = () => {
    this.starts += 1;
    this.set({ status: 'uploading' });
    return new Promise<void>((resolve) => (this.done = resolve));
  };
  retry = this.start;
  finish() {
    this.set({ status: 'success' });
    this.done?.();
  }
  fail(message: string) {
    this.set({ status: 'error', failure: { kind: 'request', error: new Error(message) } });
    this.done?.();
  }
  cancel = () => {
    if (this.snapshot.status !== 'uploading') return;
    this.set({ status: 'error', failure: { kind: 'cancelled' } });
    this.done?.();
  };
  pause = () => {};
  resume = () => Promise.resolve();
  reset = () => Promise.resolve();
  dispose = () => {};
  private set(patch: Partial<JobSnapshot<FsWritten>>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.notify();
  }
}

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

function setup(storage = memoryStorage()) {
  const jobs: FakeJob[] = [];
  let tasks = 0;
  const reports: [string, number, UploadTaskReport][] = [];
  const deps: UploadDeps = {
    createTask: vi.fn((_folder: string, files: { path: string; size: number }[]) => {
      tasks += 1;
      const items = files.map((file, seq) => ({ seq, path: file.path }));
      return Promise.resolve({ taskId: `t${tasks}`, items });
    }),
    report: vi.fn((taskId: string, seq: number, report: UploadTaskReport) => {
      reports.push([taskId, seq, report]);
      return Promise.resolve();
    }),
    makeJob: (_file, target) => {
      const job = new FakeJob(`${target.folder}/${target.name}`);
      jobs.push(job);
      return job;
    },
    storage,
    now: () => 1_700_000_000_000,
  };
  return { uploads: new ExplorerUploads(deps), deps, jobs, reports, storage };
}

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const picked = (...paths: string[]) =>
  paths.map((path) => ({ file: file(path), relativePath: path }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('explorer uploads', () => {
  it('records a batch as one task (folder tree kept), sends two at a time, reports each once', async () => {
    const { uploads, deps, jobs, reports } = setup();
    const stored: string[] = [];
    uploads.onStored((path) => stored.push(path));
    await uploads.add('/m/docs', picked('a.txt', 'tree/b.txt', 'tree/deep/c.txt'));

    expect(deps.createTask).toHaveBeenCalledTimes(1);
    expect(deps.createTask).toHaveBeenCalledWith('/m/docs', [
      { path: 'a.txt', size: 10 },
      { path: 'tree/b.txt', size: 10 },
      { path: 'tree/deep/c.txt', size: 10 },
    ]);
    expect(jobs.map((job) => job.path)).toEqual([
      '/m/docs/a.txt',
      '/m/docs/tree/b.txt',
      '/m/docs/tree/deep/c.txt',
    ]);
    expect(jobs.map((job) => job.starts)).toEqual([1, 1, 0]);
    expect(UPLOADS_AT_ONCE).toBe(2);

    jobs[0]?.finish();
    await flush();
    expect(jobs[2]?.starts).toBe(1);
    expect(reports).toEqual([['t1', 0, { status: 'completed' }]]);
    expect(stored).toEqual(['/m/docs/a.txt']);

    jobs[1]?.fail('quota exceeded');
    jobs[2]?.finish();
    await flush();
    expect(reports).toEqual([
      ['t1', 0, { status: 'completed' }],
      ['t1', 1, { status: 'failed', error: 'quota exceeded' }],
      ['t1', 2, { status: 'completed' }],
    ]);
    expect(uploads.getSnapshot().recent.map((entry) => entry.path)).toEqual([
      '/m/docs/tree/deep/c.txt',
      '/m/docs/a.txt',
    ]);
  });

  it('keeps the three most recent uploads, across a reload', async () => {
    const { uploads, jobs, storage } = setup();
    await uploads.add('/m', picked('1', '2', '3', '4'));
    for (const job of jobs.slice(0, 2)) job.finish();
    await flush();
    for (const job of jobs.slice(2)) job.finish();
    await flush();
    expect(uploads.getSnapshot().recent.map((entry) => entry.path)).toEqual([
      '/m/4',
      '/m/3',
      '/m/2',
    ]);
    const reloaded = setup(storage).uploads;
    expect(reloaded.getSnapshot().recent).toHaveLength(3);
    expect(JSON.parse(storage.data.get(RECENT_EXPLORER_UPLOADS_KEY) ?? '[]')).toHaveLength(3);
  });

  it('retries a failed file in a task of its own', async () => {
    const { uploads, deps, jobs, reports } = setup();
    await uploads.add('/m/docs', picked('a.txt'));
    jobs[0]?.fail('network');
    await flush();
    const [row] = uploads.getSnapshot().rows;
    const retried = uploads.retry(row?.id ?? '');
    await flush();
    expect(deps.createTask).toHaveBeenLastCalledWith('/m/docs', [{ path: 'a.txt', size: 10 }]);
    jobs[0]?.finish();
    await retried;
    expect(reports.at(-1)).toEqual(['t2', 0, { status: 'completed' }]);
  });

  it('after a reload, the same file for the same place reports to its earlier task', async () => {
    const first = setup();
    await first.uploads.add('/m', picked('big.bin', 'small.txt'));
    first.jobs[1]?.finish();
    await flush();
    // The page reloads with big.bin unfinished.
    const open = JSON.parse(first.storage.data.get(OPEN_UPLOADS_KEY) ?? '[]') as unknown[];
    expect(open).toEqual([{ taskId: 't1', seq: 0, path: '/m/big.bin', size: 10 }]);

    const second = setup(first.storage);
    expect(second.uploads.getSnapshot().interrupted.map((record) => record.path)).toEqual([
      '/m/big.bin',
    ]);
    await second.uploads.add('/m', picked('big.bin'));
    expect(second.deps.createTask).not.toHaveBeenCalled();
    expect(second.uploads.getSnapshot().interrupted).toEqual([]);
    second.jobs[0]?.finish();
    await flush();
    expect(second.reports).toEqual([['t1', 0, { status: 'completed' }]]);
    expect(JSON.parse(second.storage.data.get(OPEN_UPLOADS_KEY) ?? '[]')).toEqual([]);
  });

  it('forgets interrupted files by failing their items', async () => {
    const storage = memoryStorage({
      [OPEN_UPLOADS_KEY]: JSON.stringify([{ taskId: 't9', seq: 3, path: '/m/x', size: 5 }, 'junk']),
    });
    const { uploads, reports } = setup(storage);
    expect(uploads.getSnapshot().interrupted).toHaveLength(1);
    await uploads.forgetInterrupted();
    expect(reports).toEqual([['t9', 3, { status: 'failed', error: 'operation cancelled' }]]);
    expect(uploads.getSnapshot().interrupted).toEqual([]);
  });

  it('cancels a waiting file at once, reporting it cancelled', async () => {
    const { uploads, jobs, reports } = setup();
    await uploads.add('/m', picked('1', '2', '3'));
    const third = uploads.getSnapshot().rows[2];
    uploads.cancel(third?.id ?? '');
    await flush();
    expect(reports).toEqual([['t1', 2, { status: 'failed', error: 'operation cancelled' }]]);
    expect(uploads.getSnapshot().rows).toHaveLength(2);
    jobs[0]?.finish();
    await flush();
    expect(jobs[2]?.starts).toBe(0);
  });

  it('shows why a batch was refused and starts nothing', async () => {
    const { uploads, deps, jobs } = setup();
    const refusal = new Error('quota');
    vi.mocked(deps.createTask).mockRejectedValueOnce(refusal);
    await uploads.add('/m', picked('a'));
    expect(uploads.getSnapshot().startError).toBe(refusal);
    expect(uploads.getSnapshot().rows).toEqual([]);
    expect(jobs).toEqual([]);
  });
});

import type { FsWritten, UploadTaskReport } from '@pasteport/contract';
import { vi } from 'vitest';
import { Listeners, type JobSnapshot, type UploadJob } from '../../../lib/transfer';
import { ExplorerUploads, type UploadDeps } from './explorer-uploads';

/*
 * Test support for the explorer's uploads: a job the test drives by hand and the uploads store
 * over fakes. Imported by tests only.
 */

/**
 * A job the test ends by hand: start() resolves when finish() or fail() is called. A pausable
 * one behaves as a multipart job does: pause() ends the running start() with the job paused,
 * and resume() runs until the job ends.
 */
export class FakeJob implements UploadJob<FsWritten> {
  readonly mode: 'direct' | 'multipart';
  readonly capabilities: { pause: boolean; reset: boolean };
  private readonly listeners = new Listeners();
  private done: (() => void) | null = null;
  starts = 0;
  resumes = 0;
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
  constructor(
    readonly path: string,
    private readonly pausable = false,
  ) {
    this.mode = pausable ? 'multipart' : 'direct';
    this.capabilities = { pause: pausable, reset: false };
  }
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
  pause = () => {
    if (!this.pausable || this.snapshot.status !== 'uploading') return;
    this.set({ status: 'paused' });
    this.done?.();
  };
  resume = () => {
    if (this.snapshot.status !== 'paused') return Promise.resolve();
    this.resumes += 1;
    this.set({ status: 'uploading' });
    return new Promise<void>((resolve) => (this.done = resolve));
  };
  reset = () => Promise.resolve();
  dispose = () => {};
  private set(patch: Partial<JobSnapshot<FsWritten>>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.notify();
  }
}

/** A Storage in memory, its data open to the test. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

/**
 * An `ExplorerUploads` over fakes: tasks numbered t1, t2 … with one item per file, every
 * report recorded, and a `FakeJob` per file (pausable ones when asked, for all or by path).
 */
export function givenUploads(
  storage = memoryStorage(),
  { pausable = false }: { pausable?: boolean | ((path: string) => boolean) } = {},
) {
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
      const path = `${target.folder}/${target.name}`;
      const job = new FakeJob(path, typeof pausable === 'function' ? pausable(path) : pausable);
      jobs.push(job);
      return job;
    },
    storage,
    now: () => 1_700_000_000_000,
  };
  return { uploads: new ExplorerUploads(deps), deps, jobs, reports, storage };
}

/** A file of `size` zero bytes. */
export const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
/** Picked files, each named by its path relative to the target folder. */
export const picked = (...paths: string[]) =>
  paths.map((path) => ({ file: file(path), relativePath: path }));
/** Lets pending promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

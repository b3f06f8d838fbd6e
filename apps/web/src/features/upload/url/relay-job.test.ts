import type { FileDetail } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROGRESS,
  type JobSnapshot,
  Listeners,
  type UploaderClock,
  type UploadJob,
} from '../../../lib/transfer';
import { uploadedFileDetail } from '../../../test/kits/upload-kit';
import { DownloadError, type Downloaded, type OnDownload } from './download';
import { downloadPercent, uploadPercent, UrlRelayJob } from './relay-job';

/** A clock that only moves when told, so throttled progress is published at once. */
function manualClock(): UploaderClock & { advance: (ms: number) => void } {
  let now = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimeout: (handle) => void timers.delete(handle as unknown as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at <= now) {
          timers.delete(id);
          timer.run();
        }
      }
    },
  };
}

/** An upload job the test drives by hand. */
class ScriptedUploadJob implements UploadJob {
  readonly mode = 'direct';
  readonly capabilities = { pause: false, reset: false };
  private readonly listeners = new Listeners();
  private finish: () => void = () => {};
  snapshot: JobSnapshot;
  constructor(readonly file: File) {
    this.snapshot = {
      status: 'pending',
      total: file.size,
      ...EMPTY_PROGRESS,
      failure: null,
      result: null,
      relayed: false,
      offline: false,
    };
  }
  getSnapshot = () => this.snapshot;
  subscribe = (listener: () => void) => this.listeners.subscribe(listener);
  set(patch: Partial<JobSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.notify();
  }
  start = () =>
    new Promise<void>((resolve) => {
      this.set({ status: 'uploading' });
      this.finish = resolve;
    });
  succeed(result: FileDetail) {
    this.set({ status: 'success', percent: 100, loaded: this.file.size, result });
    this.finish();
  }
  cancel = () => {
    this.set({ status: 'error', failure: { kind: 'cancelled' } });
    this.finish();
  };
  retry = () => Promise.resolve();
  pause = () => {};
  resume = () => Promise.resolve();
  reset = () => Promise.resolve();
  dispose = () => {};
}

function deferredDownload() {
  let report: OnDownload = () => {};
  let fallback: () => void = () => {};
  let resolve: (value: Downloaded) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const download = (_signal: AbortSignal, onProgress: OnDownload, onFallback: () => void) => {
    report = onProgress;
    fallback = onFallback;
    return new Promise<Downloaded>((res, rej) => {
      resolve = res;
      reject = rej;
    });
  };
  return {
    download,
    progress: (loaded: number, total: number | null) => report(loaded, total),
    fallback: () => fallback(),
    finish: (blob: Blob, viaProxy = false) => resolve({ blob, viaProxy }),
    fail: (error: unknown) => reject(error),
  };
}

function relayWith(remote: ReturnType<typeof deferredDownload>, clock = manualClock()) {
  const uploads: ScriptedUploadJob[] = [];
  const job = new UrlRelayJob({
    download: remote.download,
    createUploadJob: (file) => {
      const upload = new ScriptedUploadJob(file);
      uploads.push(upload);
      return upload;
    },
    filename: 'report.pdf',
    mimetype: 'application/pdf',
    clock,
  });
  return { job, uploads, clock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('URL relay progress (SPEC §4)', () => {
  it('maps download to 0–49 %, upload to 50–99 % and done to 100 %', async () => {
    const remote = deferredDownload();
    const { job, uploads, clock } = relayWith(remote);
    const seen: (number | undefined)[] = [];
    job.subscribe(() => seen.push(job.getSnapshot().percent));

    const running = job.start();
    expect(job.getSnapshot()).toMatchObject({ phase: 'download', percent: 0 });
    remote.progress(500, 1000);
    clock.advance(200);
    expect(job.getSnapshot()).toMatchObject({ phase: 'download', percent: 24, loaded: 500 });
    remote.progress(1000, 1000);
    clock.advance(200);
    expect(job.getSnapshot().percent).toBe(49);

    remote.finish(new Blob([new Uint8Array(1000)]));
    await flush();
    expect(job.getSnapshot()).toMatchObject({ phase: 'upload', percent: 50 });
    const upload = uploads[0];
    if (!upload) throw new Error('no upload job');
    expect(upload.file.name).toBe('report.pdf');
    expect(upload.file.type).toBe('application/pdf');
    upload.set({ loaded: 500 });
    clock.advance(200);
    expect(job.getSnapshot().percent).toBe(74);
    upload.set({ loaded: 1000 });
    clock.advance(200);
    expect(job.getSnapshot().percent).toBe(99);

    const file = uploadedFileDetail();
    upload.succeed(file);
    await running;
    expect(job.getSnapshot()).toMatchObject({ phase: 'done', percent: 100, result: file });
    expect(seen.every((percent) => percent === undefined || percent <= 100)).toBe(true);
    expect(
      Math.max(...seen.filter((p): p is number => p !== undefined && p < 50)),
    ).toBeLessThanOrEqual(49);
  });

  it('shows the proxy fallback and an unknown size as an indeterminate download', () => {
    const remote = deferredDownload();
    const { job, clock } = relayWith(remote);
    void job.start();
    remote.fallback();
    expect(job.getSnapshot().viaProxy).toBe(true);
    remote.progress(300, null);
    clock.advance(200);
    expect(job.getSnapshot()).toMatchObject({ percent: undefined, loaded: 300, total: null });
  });

  it('stops with the download error, and cancels the upload phase', async () => {
    const failing = deferredDownload();
    const first = relayWith(failing).job;
    const running = first.start();
    failing.fail(new DownloadError('http', 404));
    await running;
    expect(first.getSnapshot()).toMatchObject({
      phase: 'error',
      failure: { kind: 'download', error: { kind: 'http', status: 404 } },
    });

    const remote = deferredDownload();
    const { job } = relayWith(remote);
    const second = job.start();
    remote.finish(new Blob(['x']));
    await flush();
    job.cancel();
    await second;
    expect(job.getSnapshot()).toMatchObject({
      phase: 'error',
      failure: { kind: 'upload', failure: { kind: 'cancelled' } },
    });
  });

  it('computes the phase percentages at the edges', () => {
    expect(downloadPercent(0, 100)).toBe(0);
    expect(downloadPercent(100, 100)).toBe(49);
    expect(downloadPercent(10, null)).toBeUndefined();
    expect(uploadPercent(0, 100)).toBe(50);
    expect(uploadPercent(100, 100)).toBe(99);
    expect(uploadPercent(0, 0)).toBe(50);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { UploadSnapshot } from '../multipart';
import { uploadedFileDetail } from '../../../test/kits/upload-kit';
import { jobSnapshotOf, MultipartJob, type UploaderLike } from './multipart-job';

function uploadSnapshot(patch: Partial<UploadSnapshot> = {}): UploadSnapshot {
  return {
    state: 'idle',
    loaded: 0,
    total: 100,
    percent: 0,
    speed: 0,
    eta: null,
    parts: { total: 2, completed: 0, uploading: 0, failed: 0 },
    via: 'direct',
    offline: false,
    pausing: false,
    error: null,
    fileId: null,
    result: undefined,
    ...patch,
  };
}

/** A MultipartUploader stand-in whose snapshot the test sets. */
function fakeUploader(initial: Partial<UploadSnapshot> = {}) {
  let snapshot = uploadSnapshot(initial);
  const listeners = new Set<() => void>();
  const uploader = {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: vi.fn(() => Promise.resolve()),
    pause: vi.fn(),
    resume: vi.fn(() => Promise.resolve()),
    retry: vi.fn(() => Promise.resolve()),
    abort: vi.fn(() => Promise.resolve()),
    reset: vi.fn(() => Promise.resolve()),
    dispose: vi.fn(),
  } satisfies UploaderLike;
  const set = (patch: Partial<UploadSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  return { uploader, set };
}

describe('jobSnapshotOf', () => {
  it('maps the uploader states to the row statuses of SPEC §4', () => {
    const statuses = (
      ['idle', 'uploading', 'paused', 'completed', 'failed', 'aborted'] as const
    ).map((state) => jobSnapshotOf(uploadSnapshot({ state }), undefined).status);
    expect(statuses).toEqual(['pending', 'uploading', 'paused', 'success', 'error', 'error']);
  });

  it('carries progress, relay and offline, and the file once completed', () => {
    const file = uploadedFileDetail();
    const uploading = jobSnapshotOf(
      uploadSnapshot({
        state: 'uploading',
        loaded: 30,
        percent: 30,
        speed: 10,
        eta: 7,
        via: 'relay',
        offline: true,
      }),
      undefined,
    );
    expect(uploading).toMatchObject({
      loaded: 30,
      percent: 30,
      speed: 10,
      eta: 7,
      relayed: true,
      offline: true,
    });
    expect(
      jobSnapshotOf(uploadSnapshot({ state: 'completed', result: file }), undefined).result,
    ).toEqual(file);
  });

  it('turns failed into a multipart failure with the server detail, aborted into cancelled', () => {
    const error = { code: 'network', message: 'network error' } as const;
    expect(jobSnapshotOf(uploadSnapshot({ state: 'failed', error }), 'detail').failure).toEqual({
      kind: 'multipart',
      error,
      detail: 'detail',
    });
    expect(jobSnapshotOf(uploadSnapshot({ state: 'aborted' }), undefined).failure).toEqual({
      kind: 'cancelled',
    });
  });
});

describe('MultipartJob', () => {
  it('keeps one snapshot object until the uploader changes', () => {
    const { uploader, set } = fakeUploader({ state: 'uploading' });
    const job = new MultipartJob(uploader);
    const first = job.getSnapshot();
    expect(job.getSnapshot()).toBe(first);
    set({ loaded: 50, percent: 50 });
    expect(job.getSnapshot()).not.toBe(first);
    expect(job.getSnapshot().percent).toBe(50);
  });

  it('calls only the uploader actions its state allows', async () => {
    const { uploader, set } = fakeUploader();
    const job = new MultipartJob(uploader);
    await job.start();
    expect(uploader.start).toHaveBeenCalledTimes(1);
    job.pause();
    expect(uploader.pause).not.toHaveBeenCalled();

    set({ state: 'uploading' });
    job.pause();
    expect(uploader.pause).toHaveBeenCalledTimes(1);

    set({ state: 'paused' });
    await job.resume();
    job.cancel();
    expect(uploader.resume).toHaveBeenCalledTimes(1);
    expect(uploader.abort).toHaveBeenCalledTimes(1);

    // A cancelled upload starts over from scratch on retry.
    set({ state: 'aborted' });
    await job.retry();
    expect(uploader.reset).toHaveBeenCalledTimes(1);
    expect(uploader.start).toHaveBeenCalledTimes(2);

    set({ state: 'failed' });
    await job.retry();
    expect(uploader.retry).toHaveBeenCalledTimes(1);
  });
});

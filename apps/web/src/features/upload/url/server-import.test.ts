import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadedFileDetail } from '../../../test/kits/upload-kit';
import type { UrlImportTask } from '../url-api';
import { IMPORT_POLL_MS, ServerImportJob } from './server-import';

afterEach(() => vi.useRealTimers());

const running = (loaded: number, total: number | null): UrlImportTask => ({
  state: 'running',
  loaded,
  total,
});

function importWith(tasks: UrlImportTask[]) {
  const poll = vi.fn((_taskId: string, _secret: string) => {
    const next = tasks.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('no more answers'));
  });
  const cancel = vi.fn((_fileId: string, _secret: string | undefined) => Promise.resolve());
  const job = new ServerImportJob({
    start: () => Promise.resolve({ task_id: 'task-1', file_id: 'file-1', upload_secret: 's1' }),
    poll,
    cancel,
  });
  return { job, poll, cancel };
}

describe('ServerImportJob', () => {
  it('polls every second until the task completes', async () => {
    vi.useFakeTimers();
    const file = uploadedFileDetail();
    const { job, poll } = importWith([
      running(25, 100),
      running(75, 100),
      { state: 'completed', loaded: 100, total: 100, file },
    ]);
    await job.start();
    expect(job.getSnapshot().state).toBe('running');
    expect(poll).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    // Every poll presents the secret the start answered (X-Upload-Secret).
    expect(poll).toHaveBeenCalledWith('task-1', 's1', expect.any(AbortSignal));
    expect(job.getSnapshot()).toMatchObject({ state: 'running', loaded: 25, percent: 25 });
    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS - 1);
    expect(poll).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.getSnapshot().percent).toBe(75);
    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(job.getSnapshot()).toMatchObject({ state: 'completed', percent: 100, result: file });
    await vi.advanceTimersByTimeAsync(5 * IMPORT_POLL_MS);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('reports the task failure', async () => {
    vi.useFakeTimers();
    const { job } = importWith([
      {
        state: 'failed',
        loaded: 0,
        total: null,
        error: { code: 'UPSTREAM_FAILED', message: 'remote failed' },
      },
    ]);
    await job.start();
    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(job.getSnapshot()).toMatchObject({
      state: 'failed',
      failure: { kind: 'task', error: { code: 'UPSTREAM_FAILED', message: 'remote failed' } },
    });
  });

  it('cancels: stops polling and asks the server to stop the task', async () => {
    vi.useFakeTimers();
    const { job, poll, cancel } = importWith([running(10, null), running(20, null)]);
    await job.start();
    await vi.advanceTimersByTimeAsync(IMPORT_POLL_MS);
    expect(job.getSnapshot().percent).toBeUndefined();
    await job.cancel();
    // The secret the start answered goes with the cancel (X-Upload-Secret).
    expect(cancel).toHaveBeenCalledWith('file-1', 's1');
    expect(job.getSnapshot().state).toBe('cancelled');
    await vi.advanceTimersByTimeAsync(5 * IMPORT_POLL_MS);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('gives up after three failed polls in a row', async () => {
    vi.useFakeTimers();
    const { job, poll } = importWith([]);
    await job.start();
    await vi.advanceTimersByTimeAsync(3 * IMPORT_POLL_MS);
    expect(poll).toHaveBeenCalledTimes(3);
    expect(job.getSnapshot()).toMatchObject({ state: 'failed', failure: { kind: 'request' } });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { OPEN_UPLOADS_KEY, RECENT_EXPLORER_UPLOADS_KEY, UPLOADS_AT_ONCE } from './explorer-uploads';
import { flush, givenUploads, memoryStorage, picked } from './uploads-test-kit';

describe('explorer uploads', () => {
  it('records a batch as one task (folder tree kept), sends two at a time, reports each once', async () => {
    const { uploads, deps, jobs, reports } = givenUploads();
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
    const { uploads, jobs, storage } = givenUploads();
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
    const reloaded = givenUploads(storage).uploads;
    expect(reloaded.getSnapshot().recent).toHaveLength(3);
    expect(JSON.parse(storage.data.get(RECENT_EXPLORER_UPLOADS_KEY) ?? '[]')).toHaveLength(3);
  });

  it('retries a failed file in a task of its own', async () => {
    const { uploads, deps, jobs, reports } = givenUploads();
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
    const first = givenUploads();
    await first.uploads.add('/m', picked('big.bin', 'small.txt'));
    first.jobs[1]?.finish();
    await flush();
    // The page reloads with big.bin unfinished.
    const open = JSON.parse(first.storage.data.get(OPEN_UPLOADS_KEY) ?? '[]') as unknown[];
    expect(open).toEqual([{ taskId: 't1', seq: 0, path: '/m/big.bin', size: 10 }]);

    const second = givenUploads(first.storage);
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
    const { uploads, reports } = givenUploads(storage);
    expect(uploads.getSnapshot().interrupted).toHaveLength(1);
    await uploads.forgetInterrupted();
    expect(reports).toEqual([['t9', 3, { status: 'failed', error: 'operation cancelled' }]]);
    expect(uploads.getSnapshot().interrupted).toEqual([]);
  });

  it('cancels a waiting file at once, reporting it cancelled', async () => {
    const { uploads, jobs, reports } = givenUploads();
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
    const { uploads, deps, jobs } = givenUploads();
    const refusal = new Error('quota');
    vi.mocked(deps.createTask).mockRejectedValueOnce(refusal);
    await uploads.add('/m', picked('a'));
    expect(uploads.getSnapshot().startError).toBe(refusal);
    expect(uploads.getSnapshot().rows).toEqual([]);
    expect(jobs).toEqual([]);
  });

  it('pauses a file (its place goes to the next one), then resumes it to the end', async () => {
    const { uploads, deps, jobs, reports, storage } = givenUploads(memoryStorage(), {
      pausable: true,
    });
    await uploads.add('/m', picked('big.bin', 'a.txt', 'b.txt'));
    const [big] = uploads.getSnapshot().rows;
    expect(jobs.map((job) => job.starts)).toEqual([1, 1, 0]);

    uploads.pause(big?.id ?? '');
    await flush();
    expect(big?.job.getSnapshot().status).toBe('paused');
    // A paused file is not finished: nothing reported, its record kept for a reload, and
    // the third file takes its place.
    expect(reports).toEqual([]);
    expect(JSON.parse(storage.data.get(OPEN_UPLOADS_KEY) ?? '[]')).toContainEqual({
      taskId: 't1',
      seq: 0,
      path: '/m/big.bin',
      size: 10,
    });
    expect(jobs[2]?.starts).toBe(1);

    uploads.resume(big?.id ?? '');
    await flush();
    expect(big?.job.getSnapshot().status).toBe('uploading');
    // Resumed, not started over, and in the same task.
    expect(jobs[0]?.resumes).toBe(1);
    expect(jobs[0]?.starts).toBe(1);
    expect(deps.createTask).toHaveBeenCalledTimes(1);

    jobs[0]?.finish();
    await flush();
    expect(big?.job.getSnapshot().status).toBe('success');
    expect(reports).toEqual([['t1', 0, { status: 'completed' }]]);
    expect(uploads.getSnapshot().recent.map((entry) => entry.path)).toEqual(['/m/big.bin']);
    expect(JSON.parse(storage.data.get(OPEN_UPLOADS_KEY) ?? '[]')).not.toContainEqual(
      expect.objectContaining({ path: '/m/big.bin' }),
    );
  });

  it('cancels a paused file at once, reporting it cancelled', async () => {
    const { uploads, jobs, reports } = givenUploads(memoryStorage(), { pausable: true });
    await uploads.add('/m', picked('big.bin'));
    const [big] = uploads.getSnapshot().rows;
    uploads.pause(big?.id ?? '');
    await flush();
    expect(big?.job.getSnapshot().status).toBe('paused');
    uploads.cancel(big?.id ?? '');
    await flush();
    expect(reports).toEqual([['t1', 0, { status: 'failed', error: 'operation cancelled' }]]);
    expect(uploads.getSnapshot().rows).toEqual([]);
    expect(jobs[0]?.resumes).toBe(0);
  });
});

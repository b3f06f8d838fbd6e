import { afterEach, describe, expect, it, vi } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { createImportTasks, PROGRESS_WRITE_BYTES } from './import-tasks.js';
import { createUrlImportRepository, type UrlImportRepository } from './url-import.repository.js';

const HOUR = 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('URL import progress in the database on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  /** Two registries on one database, as two instances would have; progress writes counted. */
  async function twoInstances() {
    database = await openTestDatabase(kind);
    const clock = movableClock(new Date('2026-03-01T00:00:00.000Z'));
    const repo = createUrlImportRepository(database.handle.db);
    const writes = { progress: 0 };
    const counted: UrlImportRepository = {
      ...repo,
      progress: (...args) => {
        writes.progress += 1;
        return repo.progress(...args);
      },
    };
    const errors: unknown[] = [];
    const options = {
      maxRunning: 2,
      retainMs: HOUR,
      clock,
      onWriteError: (e: unknown) => errors.push(e),
    };
    const running = createImportTasks({ ...options, repo: counted });
    const other = createImportTasks({ ...options, repo });
    return { running, other, clock, writes, errors, db: database.handle.db };
  }

  it('writes progress once per MiB, not per chunk; another instance reads it and the end', async () => {
    const { running, other, writes, errors } = await twoInstances();
    const task = await running.add(
      'file-1',
      { creator: 'admin', secretHash: null },
      4 * PROGRESS_WRITE_BYTES,
      new AbortController(),
    );
    expect(await other.read(task.id)).toMatchObject({
      state: 'running',
      loaded: 0,
      owner: 'admin',
    });

    const chunk = 64 * 1024;
    for (let sent = 0; sent < 4 * PROGRESS_WRITE_BYTES; sent += chunk) running.loaded(task, chunk);
    await vi.waitFor(async () => {
      expect((await other.read(task.id))?.loaded).toBe(4 * PROGRESS_WRITE_BYTES);
    }, UNTIL_DONE);
    // 64 chunks, 4 writes: one per MiB.
    expect(writes.progress).toBe(4);

    // Less than a MiB more: no write at once, a trailing one soon after.
    running.loaded(task, 1000);
    expect(writes.progress).toBe(4);
    await vi.waitFor(async () => {
      expect((await other.read(task.id))?.loaded).toBe(4 * PROGRESS_WRITE_BYTES + 1000);
    }, UNTIL_DONE);
    expect(writes.progress).toBe(5);

    await running.end(task, { state: 'failed', error: { code: 'UPSTREAM_FAILED', message: 'x' } });
    expect(await other.read(task.id)).toEqual({
      owner: 'admin',
      secretHash: null,
      state: 'failed',
      loaded: 4 * PROGRESS_WRITE_BYTES + 1000,
      total: 4 * PROGRESS_WRITE_BYTES,
      error: { code: 'UPSTREAM_FAILED', message: 'x' },
    });
    expect(await other.recordOf('file-1')).toMatchObject({ state: 'failed' });
    expect(errors).toEqual([]);
  });

  it('keeps an ended import readable for retainMs on every instance; the sweep then deletes it', async () => {
    const { running, other, clock, db } = await twoInstances();
    const task = await running.add(
      'file-2',
      { creator: null, secretHash: 'a'.repeat(64) },
      null,
      new AbortController(),
    );
    clock.advance(5 * HOUR);
    expect((await other.read(task.id))?.state).toBe('running'); // running imports never expire
    await running.end(task, { state: 'cancelled' });
    clock.advance(HOUR - 1);
    expect((await running.read(task.id))?.state).toBe('cancelled');
    expect(await other.read(task.id)).toMatchObject({
      state: 'cancelled',
      secretHash: 'a'.repeat(64),
    });
    expect(await other.sweepExpired(6 * HOUR)).toBe(0);
    clock.advance(2);
    expect(await running.read(task.id)).toBeUndefined();
    expect(await other.read(task.id)).toBeUndefined();
    expect(running.byFileId('file-2')).toBeUndefined();
    expect(await other.sweepExpired(6 * HOUR)).toBe(1);
    expect(await db.selectFrom('url_imports').selectAll().execute()).toEqual([]);
  });

  it('sweeps a running import nobody wrote to for longer than a transfer may last', async () => {
    const { running, other, clock } = await twoInstances();
    const task = await running.add(
      'file-3',
      { creator: 'admin', secretHash: null },
      null,
      new AbortController(),
    );
    clock.advance(6 * HOUR + HOUR);
    expect(await other.sweepExpired(6 * HOUR)).toBe(0);
    clock.advance(1);
    expect(await other.sweepExpired(6 * HOUR)).toBe(1);
    expect(await other.read(task.id)).toBeUndefined();
  });
});

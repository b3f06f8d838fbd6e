import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  startBackgroundCheckpoints,
} from './sqlite-checkpointer.js';

/** The SQLite file holds password hashes and sealed storage credentials: owner-only. */
describe('the SQLite database file', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is created 0600, and so are its WAL and shared-memory files', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-db-'));
    const file = path.join(dir, 'pasteport.db');
    const handle = await openDatabase({ kind: 'sqlite', file });
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    for (const name of ['pasteport.db', 'pasteport.db-wal', 'pasteport.db-shm']) {
      expect((await stat(path.join(dir, name))).mode & 0o777, name).toBe(0o600);
    }
    await handle.close();
  });

  it('tightens a file an older version created 0644', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-db-'));
    const file = path.join(dir, 'pasteport.db');
    await writeFile(file, '', { mode: 0o644 });
    const handle = await openDatabase({ kind: 'sqlite', file });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await handle.close();
  });
});

/** Checkpoints run on a background connection, so requests never wait for WAL copying. */
describe('the SQLite write-ahead log', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is copied back into the database file without the writer checkpointing', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-db-'));
    const file = path.join(dir, 'pasteport.db');
    const handle = await openDatabase({ kind: 'sqlite', file });
    await sql`create table t (x text)`.execute(handle.db);
    const before = (await stat(file)).size;
    // ~2 MB in one commit of ~500 pages: below both SQLite's default threshold (1,000 pages)
    // and the writer's fallback (8,000), so only the background connection moves these pages
    // into the database file.
    const row = 'x'.repeat(4000);
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 500; i++) await sql`insert into t values (${row})`.execute(trx);
    });
    await expect
      .poll(async () => (await stat(file)).size, { timeout: 120_000, interval: 50 })
      .toBeGreaterThan(before + 1_000_000);
    await handle.close();
  });

  it('is merged and removed when the database is closed', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-db-'));
    const file = path.join(dir, 'pasteport.db');
    const handle = await openDatabase({ kind: 'sqlite', file });
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (42)`.execute(handle.db);
    await handle.close();
    await expect(stat(`${file}-wal`)).rejects.toMatchObject({ code: 'ENOENT' });
    const reopened = await openDatabase({ kind: 'sqlite', file });
    const { rows } = await sql<{ x: number }>`select x from t`.execute(reopened.db);
    expect(rows).toEqual([{ x: 42 }]);
    await reopened.close();
  });
});

/** The checkpoint thread costs memory: it runs only while the server writes a lot. */
describe('the background checkpointer', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function writerOn(file: string) {
    const { default: SQLite } = await import('better-sqlite3');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (x integer)');
    return writer;
  }

  it('starts under sustained writes and lets its thread go once they stop', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pasteport-db-'));
    const file = path.join(dir, 'pasteport.db');
    const writer = await writerOn(file);
    const checkpointer = startBackgroundCheckpoints(writer, file);
    checkpointer.poll();
    expect(checkpointer.active).toBe(false);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);

    // A handful of writes (a transfer's row) is no load.
    const insert = writer.prepare('insert into t values (?)');
    for (let i = 0; i < 5; i++) insert.run(i);
    checkpointer.poll();
    expect(checkpointer.active).toBe(false);

    for (let i = 0; i < 200; i++) insert.run(i);
    checkpointer.poll();
    await expect.poll(() => checkpointer.active, { timeout: 60_000, interval: 10 }).toBe(true);
    expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(
      FALLBACK_AUTOCHECKPOINT_PAGES,
    );

    for (let i = 0; i < 30; i++) checkpointer.poll();
    expect(checkpointer.active).toBe(false);
    await expect
      .poll(() => writer.pragma('wal_autocheckpoint', { simple: true }), {
        timeout: 60_000,
        interval: 10,
      })
      .toBe(1000);

    // The load comes back: so does the thread.
    for (let i = 0; i < 200; i++) insert.run(i);
    checkpointer.poll();
    await expect.poll(() => checkpointer.active, { timeout: 60_000, interval: 10 }).toBe(true);

    writer.close();
    await checkpointer.stop();
    expect(checkpointer.active).toBe(false);
  });
});

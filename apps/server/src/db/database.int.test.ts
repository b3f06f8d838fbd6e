import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

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

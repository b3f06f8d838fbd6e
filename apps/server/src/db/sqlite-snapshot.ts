import { closeSync, openSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * Copies a SQLite database into `destination` with SQLite's online backup API, through a
 * connection of its own: a consistent snapshot while the server keeps reading and writing.
 * The copy is made owner-only (it holds password hashes and sealed credentials) before the
 * first page lands. A failed copy leaves no half-written file behind.
 */
export async function snapshotSqlite(source: string, destination: string): Promise<void> {
  const { default: SQLite } = await import('better-sqlite3');
  // fileMustExist: a missing source must fail, not become a new empty database.
  const conn = new SQLite(source, { fileMustExist: true });
  let created = false;
  try {
    conn.pragma('busy_timeout = 5000');
    // 'wx': never overwrite an earlier snapshot; the mode holds for everything written after.
    closeSync(openSync(destination, 'wx', 0o600));
    created = true;
    // All pages in one step: a step runs under one read transaction, so writes committed by
    // the server meanwhile never restart the copy (page-by-page steps would start over after
    // every write and, under steady writes, never finish).
    await conn.backup(destination, { progress: () => 0x7fffffff });
    // The copy carries the source's WAL flag; a rollback journal makes it one self-contained
    // file that opens (read-only too) without -wal/-shm files beside it.
    const copy = new SQLite(destination, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  } catch (err) {
    if (created) await removeSnapshot(destination);
    throw err;
  } finally {
    conn.close();
  }
}

async function removeSnapshot(file: string): Promise<void> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    await rm(file + suffix, { force: true });
  }
}

import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { snapshotSqlite } from './sqlite-snapshot.js';

/** How many pre-migration snapshots are kept; older ones are deleted after a new one. */
export const KEEP_PRE_MIGRATE_SNAPSHOTS = 5;

const SNAPSHOT_NAME = /^pre-migrate-.+-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.db$/;

/** A timestamp safe in file names on every system, sorting in time order. */
export function fileTimestamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/**
 * Snapshots the SQLite database into `backupsDir/pre-migrate-<from>-<timestamp>.db` before a
 * migration changes it, then keeps only the newest few. Throws when the snapshot cannot be made:
 * the caller must not migrate then.
 */
export async function snapshotBeforeMigrating(options: {
  databaseFile: string;
  backupsDir: string;
  /** The last migration the database has: the version the snapshot restores to. */
  from: string;
  now: Date;
}): Promise<string> {
  await mkdir(options.backupsDir, { recursive: true, mode: 0o700 });
  const file = path.join(
    options.backupsDir,
    `pre-migrate-${options.from}-${fileTimestamp(options.now)}.db`,
  );
  await snapshotSqlite(options.databaseFile, file);
  await pruneSnapshots(options.backupsDir, KEEP_PRE_MIGRATE_SNAPSHOTS);
  return file;
}

/** Deletes all but the `keep` newest pre-migration snapshots (by the time in their names). */
export async function pruneSnapshots(backupsDir: string, keep: number): Promise<string[]> {
  const snapshots = (await readdir(backupsDir))
    .map((name) => ({ name, at: SNAPSHOT_NAME.exec(name)?.[1] }))
    .filter((entry): entry is { name: string; at: string } => entry.at !== undefined)
    .sort((a, b) => (a.at === b.at ? a.name.localeCompare(b.name) : a.at < b.at ? -1 : 1));
  const old = snapshots.slice(0, Math.max(0, snapshots.length - keep)).map((entry) => entry.name);
  await Promise.all(old.map((name) => rm(path.join(backupsDir, name), { force: true })));
  return old;
}

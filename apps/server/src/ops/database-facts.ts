import path from 'node:path';
import { openDatabase } from '../db/database.js';
import {
  compareWithBuild,
  readMigrationState,
  type MigrationState,
} from '../db/migration-state.js';
import { createStorageConfigRepository } from '../modules/storage-configs/storage-config.repository.js';

/** What a backup needs to know about a database: its migrations and its local storage folders. */
export interface DatabaseFacts {
  migrations: MigrationState;
  /** Folders of local-disk storage configs (absolute): their objects are not in the backup. */
  localStorageRoots: string[];
}

interface StorageRow {
  driver: string;
  options: string;
}

/** Facts of a SQLite file, read through a read-only connection of its own. */
export async function sqliteFacts(file: string, dataDir: string): Promise<DatabaseFacts> {
  const { default: SQLite } = await import('better-sqlite3');
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = (name: string) =>
      conn.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(name) !==
      undefined;
    const applied = hasTable('kysely_migration')
      ? (
          conn.prepare('select name from kysely_migration order by name').all() as {
            name: string;
          }[]
        ).map((row) => row.name)
      : [];
    const storage = hasTable('storage_configs')
      ? (conn.prepare('select driver, options from storage_configs').all() as StorageRow[])
      : [];
    return {
      migrations: compareWithBuild(applied),
      localStorageRoots: localRoots(storage, dataDir),
    };
  } finally {
    conn.close();
  }
}

/** Facts of a PostgreSQL database, read through a short-lived connection. */
export async function postgresFacts(url: string, dataDir: string): Promise<DatabaseFacts> {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    const migrations = await readMigrationState(handle.db);
    const storage =
      migrations.applied.length > 0 ? await createStorageConfigRepository(handle.db).list() : [];
    return { migrations, localStorageRoots: localRoots(storage, dataDir) };
  } finally {
    await handle.close();
  }
}

/** Local roots resolve against DATA_DIR as the storage registry resolves them. */
function localRoots(rows: StorageRow[], dataDir: string): string[] {
  const roots = rows
    .filter((row) => row.driver === 'local')
    .map((row) => {
      try {
        const root = (JSON.parse(row.options) as { root?: unknown }).root;
        return typeof root === 'string' ? path.resolve(dataDir, root) : undefined;
      } catch {
        return undefined;
      }
    })
    .filter((root): root is string => root !== undefined);
  return [...new Set(roots)].sort();
}

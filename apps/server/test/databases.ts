import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './postgres.js';

/** Every repository test runs once per engine. */
export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKindUnderTest = (typeof DATABASE_KINDS)[number];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and removes the database. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated, empty database of the given kind, private to the caller. */
export async function openTestDatabase(
  kind: DatabaseKindUnderTest,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pp-sqlite-'));
    const handle = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') });
    if (options.migrate !== false) await migrateToLatest(handle.db);
    return {
      handle,
      cleanup: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await createTestDatabase(inject('postgresUrl'));
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

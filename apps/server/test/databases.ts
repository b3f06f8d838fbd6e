import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTestDatabase } from './postgres.js';

/** Every repository test runs once per engine. */
export const DATABASE_KINDS = ['sqlite', 'postgres'] as const;
export type DatabaseKindUnderTest = (typeof DATABASE_KINDS)[number];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Where it lives, to open a second connection as another instance would. */
  target: DatabaseTarget;
  /** Closes the connection and removes the database. */
  cleanup(): Promise<void>;
}

/** A fresh, migrated, empty database of the given kind, private to the caller. */
export async function openTestDatabase(
  kind: DatabaseKindUnderTest,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const { target, remove } = await createEmptyDatabase(kind);
  const handle = await openDatabase(target);
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    handle,
    target,
    cleanup: async () => {
      await handle.close();
      await remove();
    },
  };
}

/** Where a new empty database of the kind lives, and how to remove it afterwards. */
async function createEmptyDatabase(
  kind: DatabaseKindUnderTest,
): Promise<{ target: DatabaseTarget; remove: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pp-sqlite-'));
    return {
      target: { kind: 'sqlite', file: path.join(dir, 'test.db') },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const database = await createTestDatabase(inject('postgresUrl'));
  return { target: { kind: 'postgres', url: database.url }, remove: () => database.drop() };
}

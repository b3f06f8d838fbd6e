import path from 'node:path';
import { createApp } from '../../src/app.js';
import { prepareDataDir } from '../../src/config/data-dir.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Clock } from '../../src/lib/clock.js';
import { composeForTest, type TestApp } from '../app-harness.js';

/** The database file inside a data dir, where the server keeps it. */
export const databaseFileIn = (dataDir: string) => path.join(dataDir, 'pasteport.db');

/**
 * The real app on an existing SQLite data dir (a fixture's copy, a restored backup), composed
 * as the harness composes it; migrated with this build's migrations first unless told not to.
 * `close` leaves the data dir in place: its owner removes it.
 */
export async function openAppOnDataDir(
  dataDir: string,
  options: { migrate?: boolean; clock?: Clock } = {},
): Promise<TestApp & { migrated: string[] }> {
  await prepareDataDir(dataDir);
  const target = { kind: 'sqlite', file: databaseFileIn(dataDir) } as const;
  const database = await openDatabase(target);
  const migrated = options.migrate === false ? [] : await migrateToLatest(database.db);
  const root = composeForTest(database, dataDir, { clock: options.clock });
  await root.storage.ensureDefault();
  const app = await createApp(root);
  return {
    app,
    database,
    target,
    storage: root.storage,
    root,
    dataDir,
    migrated,
    close: async () => {
      await app.close();
      await root.storage.close();
      await database.close();
    },
  };
}

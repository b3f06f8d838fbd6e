/**
 * Writes the upgrade fixture of this version: a data dir (SQLite database plus the local
 * storage objects) filled through the API by `buildDataSet`, and the record of what it holds.
 * Run from the repository root once per release, then commit the folder:
 *
 *   node --conditions=source --import tsx apps/server/test/upgrade-fixtures/make-fixture.ts
 *
 * It starts its own S3-compatible test server; the fixture's S3 config points at it and the
 * upgrade test points it at the running test server instead.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@pasteport/contract';
import SQLite from 'better-sqlite3';
import { LATEST_MIGRATION } from '../../src/db/migration-state.js';
import { s3SettingsOf, startS3Server } from '../s3-server.js';
import { buildDataSet } from './data-set.js';
import { databaseFileIn, openAppOnDataDir } from './fixture-app.js';
import { FIXTURE_DATABASE, FIXTURE_RECORD, FIXTURE_STORAGE } from './fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.join(here, APP_VERSION);

const s3 = await startS3Server();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-fixture-'));
try {
  const t = await openAppOnDataDir(dataDir);
  const record = await buildDataSet(t, {
    s3: s3SettingsOf(s3),
    appVersion: APP_VERSION,
    schemaVersion: LATEST_MIGRATION,
  });
  await t.close();
  // Closing checkpointed the WAL; VACUUM drops free pages so the committed file stays small.
  const conn = new SQLite(databaseFileIn(dataDir));
  conn.exec('VACUUM');
  conn.pragma('journal_mode = DELETE');
  conn.close();

  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(databaseFileIn(dataDir), path.join(target, FIXTURE_DATABASE));
  await cp(path.join(dataDir, 'storage'), path.join(target, FIXTURE_STORAGE), { recursive: true });
  await writeFile(path.join(target, FIXTURE_RECORD), JSON.stringify(record, null, 2) + '\n');
  process.stdout.write(`wrote the ${APP_VERSION} upgrade fixture to ${target}\n`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await s3.stop();
}

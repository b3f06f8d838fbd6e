import { spawn } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@pasteport/contract';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { boot, BootError } from '../boot.js';
import { buildTestApp, TEST_APP_SECRET } from '../../test/app-harness.js';
import { DATABASE_KINDS } from '../../test/databases.js';
import { checkDataSet } from '../../test/upgrade-fixtures/check-data-set.js';
import { buildDataSet } from '../../test/upgrade-fixtures/data-set.js';
import { databaseFileIn, openAppOnDataDir } from '../../test/upgrade-fixtures/fixture-app.js';
import { copyFixture, fixtureVersions } from '../../test/upgrade-fixtures/fixtures.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { KNOWN_MIGRATIONS, LATEST_MIGRATION } from './migration-state.js';
import { migrations } from './migrations/index.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const FIXTURE_VERSIONS = await fixtureVersions();

describe.each(DATABASE_KINDS)('a data set at this version on %s', (kind) => {
  it('is left alone by migrating again, and serves every row', async () => {
    const t = await buildTestApp(kind);
    try {
      const record = await buildDataSet(t, {
        s3: inject('s3'),
        appVersion: APP_VERSION,
        schemaVersion: LATEST_MIGRATION,
      });
      expect(await migrateToLatest(t.database.db)).toEqual([]);
      await checkDataSet(t, record, inject('s3'));
    } finally {
      await t.close();
    }
  });
});

/** Data dirs a test made (fixture copies), removed after it. */
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function fixtureCopy(version: string) {
  const copy = await copyFixture(version);
  dirs.push(copy.dataDir);
  return copy;
}

/** The migrations recorded in a SQLite file, read without the server. */
function appliedIn(file: string): string[] {
  const conn = new SQLite(file, { readonly: true });
  try {
    return (
      conn.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
  } finally {
    conn.close();
  }
}

/** Takes the newest migration back out of a fixture copy: a database one version behind. */
async function stepBack(dataDir: string): Promise<string> {
  const handle = await openDatabase({ kind: 'sqlite', file: databaseFileIn(dataDir) });
  try {
    const migrator = new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const result = await migrator.migrateDown();
    if (result.error) throw new Error('migrating down failed', { cause: result.error });
  } finally {
    await handle.close();
  }
  // The fixture may already be behind this build; what the database holds now is the start.
  return appliedIn(databaseFileIn(dataDir)).at(-1)!;
}

function bootEnv(dataDir: string) {
  return { DATA_DIR: dataDir, PORT: '0', APP_SECRET: TEST_APP_SECRET, LOG_LEVEL: 'info' };
}

/** Boot options whose log lines the test reads. */
function logLines() {
  const lines: string[] = [];
  return { lines, logDestination: { write: (line: string) => void lines.push(line) } };
}

/** What boot throws on `dataDir` (undefined, after stopping it, when the server started). */
async function bootRefusal(dataDir: string): Promise<unknown> {
  return boot(bootEnv(dataDir), logLines()).then(
    async (running) => {
      await running.close();
      return undefined;
    },
    (err: unknown) => err,
  );
}

describe('upgrade fixtures of released versions', () => {
  it('has one for this version', () => {
    expect(FIXTURE_VERSIONS).toContain(APP_VERSION);
  });

  describe.each(FIXTURE_VERSIONS)('made by %s', (version) => {
    it('migrates with this build and still serves every row', async () => {
      const { dataDir, record, clock } = await fixtureCopy(version);
      const before = appliedIn(databaseFileIn(dataDir));
      expect(before.at(-1)).toBe(record.schema_version);
      const t = await openAppOnDataDir(dataDir, { clock });
      try {
        expect(t.migrated).toEqual(KNOWN_MIGRATIONS.filter((name) => !before.includes(name)));
        await checkDataSet(t, record, inject('s3'), clock);
      } finally {
        await t.close();
      }
    });
  });
});

describe('starting on a database of another version', () => {
  it('refuses a database written by a newer version, naming its migrations', async () => {
    const { dataDir } = await fixtureCopy(APP_VERSION);
    const conn = new SQLite(databaseFileIn(dataDir));
    conn
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9999_from_the_future', new Date().toISOString());
    conn.close();

    const error = await bootRefusal(dataDir);
    expect(error).toBeInstanceOf(BootError);
    expect((error as BootError).problems).toEqual([
      expect.stringContaining(
        'this database was written by a newer Pasteport (it has migrations this version does not know: 9999_from_the_future); run that version or restore a backup',
      ),
    ]);

    // Through the real entry point: the words, exit status 1, no stack trace.
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
      env: { PATH: process.env.PATH ?? '', ...bootEnv(dataDir) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Pasteport cannot start:');
    expect(stderr).toContain('written by a newer Pasteport');
    expect(stderr).toContain('9999_from_the_future');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('snapshots a SQLite database with data before migrating it, and keeps the data there', async () => {
    const { dataDir } = await fixtureCopy(APP_VERSION);
    const from = await stepBack(dataDir);
    const log = logLines();
    const running = await boot(bootEnv(dataDir), log);
    await running.close();

    expect(appliedIn(databaseFileIn(dataDir))).toEqual([...KNOWN_MIGRATIONS]);
    const backups = await readdir(path.join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(new RegExp(`^pre-migrate-${from}-.+\\.db$`))]);
    const snapshot = path.join(dataDir, 'backups', backups[0]!);
    expect(log.lines.join('')).toContain(snapshot);
    expect(appliedIn(snapshot).at(-1)).toBe(from);
    const conn = new SQLite(snapshot, { readonly: true });
    try {
      const pastes = conn.prepare('select slug from pastes order by slug').all();
      expect(pastes).toEqual(
        ['far-future', 'locked-note', 'plain-note', 'three-views'].map((slug) => ({ slug })),
      );
    } finally {
      conn.close();
    }
  });

  it('does not migrate when the snapshot cannot be written', async () => {
    const { dataDir } = await fixtureCopy(APP_VERSION);
    const from = await stepBack(dataDir);
    // Running as root, permissions stop nothing: a file where the folder belongs does.
    await writeFile(path.join(dataDir, 'backups'), 'not a folder');
    const error = await bootRefusal(dataDir);
    expect(error).toBeInstanceOf(BootError);
    expect((error as BootError).message).toMatch(
      new RegExp(
        `no snapshot could be written to .*backups before migrating from ${from}.*nothing was migrated`,
      ),
    );
    expect(appliedIn(databaseFileIn(dataDir)).at(-1)).toBe(from);
  });

  it('takes no snapshot of a fresh database', async () => {
    const { dataDir } = await fixtureCopy(APP_VERSION);
    await rm(databaseFileIn(dataDir));
    const running = await boot(bootEnv(dataDir), logLines());
    await running.close();
    expect(appliedIn(databaseFileIn(dataDir))).toEqual([...KNOWN_MIGRATIONS]);
    expect(await readdir(dataDir)).not.toContain('backups');
  });
});

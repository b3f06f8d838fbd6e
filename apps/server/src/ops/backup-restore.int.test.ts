import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@pasteport/contract';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { boot } from '../boot.js';
import { TEST_APP_SECRET } from '../../test/app-harness.js';
import { openTestDatabase } from '../../test/databases.js';
import { checkDataSet } from '../../test/upgrade-fixtures/check-data-set.js';
import { copyFixture } from '../../test/upgrade-fixtures/fixtures.js';
import { LATEST_MIGRATION } from '../db/migration-state.js';
import { runCommand } from './commands.js';
import { sha256Of, type Manifest } from './manifest.js';

const OPS_MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Runs a command in-process; answers its status and what it printed. */
async function ops(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(argv, env, {
    info: (line) => out.push(line),
    warn: (line) => err.push(line),
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
const quiet = { logDestination: { write: () => undefined } };

/**
 * A data dir holding the fixture's data set, its secret in secret.key (not the environment), and
 * the clock its servers run on (the fixture's: its expiring rows stay on any later day).
 */
async function givenDataDir() {
  const fixture = await copyFixture(APP_VERSION);
  dirs.push(fixture.dataDir);
  await writeFile(path.join(fixture.dataDir, 'secret.key'), `${TEST_APP_SECRET}\n`, {
    mode: 0o600,
  });
  return fixture;
}

describe('backup and restore of a SQLite data dir', () => {
  it('snapshots a running, writing server; restores into an empty dir that serves it all', async () => {
    const { dataDir, record, clock } = await givenDataDir();
    const env = { DATA_DIR: dataDir, PORT: '0' };
    const running = await boot(env, { ...quiet, clock });
    const out = path.join(await tempDir('pp-backup-'), 'backup');
    let written = 0;
    let writing = true;
    let backupResult: Awaited<ReturnType<typeof ops>>;
    try {
      const post = () =>
        running.app.inject({
          method: 'POST',
          url: '/api/paste',
          payload: { content: `written during the backup ${written}` },
        });
      // Writes keep landing while the snapshot is taken (one before it starts, for certain).
      expect((await post()).statusCode).toBe(201);
      written++;
      const writer = (async () => {
        while (writing) {
          const res = await post();
          if (res.statusCode !== 201) throw new Error(`paste: ${res.statusCode} ${res.body}`);
          written++;
        }
      })();
      backupResult = await ops(['backup', '--out', out], env);
      writing = false;
      await writer;
    } finally {
      writing = false;
      await running.close();
    }
    expect(backupResult.stderr).toBe('');
    expect(backupResult.code).toBe(0);
    expect(backupResult.stdout).toContain(`Backup written to ${out}`);
    expect(backupResult.stdout).toContain('secret.key is included');
    expect(backupResult.stdout).toContain('NOT in this backup');
    expect(backupResult.stdout).toContain(path.join(dataDir, 'storage'));

    expect(await modeOf(out)).toBe(0o700);
    expect((await readdir(out)).sort()).toEqual(['manifest.json', 'pasteport.db', 'secret.key']);
    for (const name of await readdir(out)) expect(await modeOf(path.join(out, name))).toBe(0o600);
    const manifest = JSON.parse(
      await readFile(path.join(out, 'manifest.json'), 'utf8'),
    ) as Manifest;
    expect(manifest).toMatchObject({
      format: 1,
      app_version: APP_VERSION,
      schema_version: LATEST_MIGRATION,
      database: 'sqlite',
      secret: 'data-dir',
    });
    expect(manifest.files).toEqual({
      'pasteport.db': await sha256Of(path.join(out, 'pasteport.db')),
      'secret.key': await sha256Of(path.join(out, 'secret.key')),
    });
    const snapshot = new SQLite(path.join(out, 'pasteport.db'), { readonly: true });
    const extra = snapshot
      .prepare(`select count(*) as n from pastes where content like 'written during the backup%'`)
      .get() as { n: number };
    expect(snapshot.pragma('integrity_check', { simple: true })).toBe('ok');
    snapshot.close();
    expect(extra.n).toBeGreaterThanOrEqual(1);
    expect(extra.n).toBeLessThanOrEqual(written);

    const target = path.join(await tempDir('pp-restore-'), 'data');
    const restored = await ops(['restore', out], { DATA_DIR: target });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await modeOf(path.join(target, 'pasteport.db'))).toBe(0o600);
    expect(await modeOf(path.join(target, 'secret.key'))).toBe(0o600);
    // The storage folder is the operator's copy (rsync in the docs).
    await cp(path.join(dataDir, 'storage'), path.join(target, 'storage'), { recursive: true });

    // No APP_SECRET: the restored secret.key is what opens the sealed S3 credentials.
    const again = await boot({ DATA_DIR: target, PORT: '0' }, { ...quiet, clock });
    try {
      await checkDataSet(again, record, inject('s3'), clock);
    } finally {
      await again.close();
    }

    const refused = await ops(['restore', out], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /DATA_DIR .* is not empty: pasteport\.db, secret\.key already exist/,
    );
  });

  it('refuses a tampered backup and one from a newer version, touching nothing', async () => {
    const { dataDir } = await givenDataDir();
    const out = path.join(await tempDir('pp-backup-'), 'backup');
    expect((await ops(['backup', '--out', out], { DATA_DIR: dataDir })).code).toBe(0);
    const target = path.join(await tempDir('pp-restore-'), 'data');

    const tampered = path.join(await tempDir('pp-tampered-'), 'backup');
    await cp(out, tampered, { recursive: true });
    await writeFile(path.join(tampered, 'secret.key'), 'someone-else-s-secret-of-enough-length\n');
    const hashRefusal = await ops(['restore', tampered], { DATA_DIR: target });
    expect(hashRefusal.code).toBe(1);
    expect(hashRefusal.stderr).toContain('secret.key does not match its sha256 in the manifest');
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);

    const newer = path.join(await tempDir('pp-newer-'), 'backup');
    await cp(out, newer, { recursive: true });
    const manifestFile = path.join(newer, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    await writeFile(manifestFile, JSON.stringify({ ...manifest, schema_version: '9999_future' }));
    const schemaRefusal = await ops(['restore', newer], { DATA_DIR: target });
    expect(schemaRefusal.code).toBe(1);
    expect(schemaRefusal.stderr).toContain('written by a newer Pasteport');
    expect(schemaRefusal.stderr).toContain('9999_future');

    const hostile = path.join(await tempDir('pp-hostile-'), 'backup');
    await cp(out, hostile, { recursive: true });
    await writeFile(
      path.join(hostile, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        files: { ...manifest.files, '../escape': manifest.files['secret.key'] },
      }),
    );
    const nameRefusal = await ops(['restore', hostile], { DATA_DIR: target });
    expect(nameRefusal.code).toBe(1);
    expect(nameRefusal.stderr).toContain('lists a file named "../escape"');

    const notBackup = await ops(['restore', dataDir], { DATA_DIR: target });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toContain('is not a Pasteport backup');
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a missing database and a non-empty --out, and explains bad arguments', async () => {
    const empty = await tempDir('pp-empty-');
    const missing = await ops(['backup'], { DATA_DIR: empty });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('there is no database at');
    expect(await readdir(empty)).toEqual([]);

    const { dataDir } = await givenDataDir();
    const occupied = await ops(['backup', '--out', path.join(dataDir, 'storage')], {
      DATA_DIR: dataDir,
    });
    expect(occupied.code).toBe(1);
    expect(occupied.stderr).toContain('already exists and is not empty');

    const defaultOut = await ops(['backup'], { DATA_DIR: dataDir });
    expect(defaultOut.code).toBe(0);
    expect(await readdir(path.join(dataDir, 'backups'))).toEqual([
      expect.stringMatching(/^pasteport-\d{4}-\d{2}-\d{2}T[\d-]+Z$/),
    ]);

    for (const argv of [
      ['backup', '--out'],
      ['backup', '--force'],
      ['restore'],
      ['restore', 'a', 'b'],
      ['nope'],
      [],
    ]) {
      const bad = await ops(argv, { DATA_DIR: dataDir });
      expect(bad.code, argv.join(' ')).toBe(1);
      expect(bad.stderr, argv.join(' ')).toContain('Usage:');
    }
  });

  it('runs as a command: exit status and words, no stack trace', async () => {
    const empty = await tempDir('pp-empty-');
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', OPS_MAIN, 'restore', path.join(empty, 'nothing')],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: empty }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('is not a backup folder');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('backup of a PostgreSQL database', () => {
  it('writes the manifest and secret, and without pg_dump says how to dump the database', async () => {
    const database = await openTestDatabase('postgres');
    const dataDir = await tempDir('pp-pg-data-');
    await writeFile(path.join(dataDir, 'secret.key'), `${TEST_APP_SECRET}\n`, { mode: 0o600 });
    try {
      const url = database.target.kind === 'postgres' ? database.target.url : '';
      const out = path.join(await tempDir('pp-pg-backup-'), 'backup');
      // An empty PATH: no pg_dump to run.
      const result = await ops(['backup', '--out', out], {
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PATH: '',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('the PostgreSQL database itself is NOT in this backup');
      expect(result.stderr).toContain('pg_dump --format=custom "$DATABASE_URL" > pasteport.dump');
      const manifest = JSON.parse(
        await readFile(path.join(out, 'manifest.json'), 'utf8'),
      ) as Manifest;
      expect(manifest).toMatchObject({
        database: 'postgres',
        schema_version: LATEST_MIGRATION,
        secret: 'data-dir',
      });
      expect(Object.keys(manifest.files)).toEqual(['secret.key']);

      // With pg_dump on PATH it runs; a client older than the server fails, and says so.
      const withTool = path.join(await tempDir('pp-pg-backup-'), 'backup');
      const dumped = await ops(['backup', '--out', withTool], {
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        PATH: process.env.PATH ?? '',
      });
      if (dumped.code === 0) {
        const files = (
          JSON.parse(await readFile(path.join(withTool, 'manifest.json'), 'utf8')) as Manifest
        ).files;
        expect(Object.keys(files).sort()).toEqual(['pasteport.dump', 'secret.key']);
      } else {
        expect(dumped.stderr).toMatch(
          /pg_dump failed \(exit \d+\): .*the database is NOT backed up/s,
        );
      }
    } finally {
      await database.cleanup();
    }
  });
});

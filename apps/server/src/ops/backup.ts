import { spawn } from 'node:child_process';
import { constants, existsSync } from 'node:fs';
import { access, chmod, copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { APP_VERSION } from '@pasteport/contract';
import type { Config } from '../config/config.js';
import { dataPaths } from '../config/data-dir.js';
import { fileTimestamp } from '../db/pre-migrate-snapshot.js';
import { snapshotSqlite } from '../db/sqlite-snapshot.js';
import { postgresFacts, sqliteFacts, type DatabaseFacts } from './database-facts.js';
import {
  DATABASE_FILE,
  PG_DUMP_FILE,
  SECRET_FILE,
  sha256Of,
  writeManifest,
  type Manifest,
} from './manifest.js';
import { OpsError, type OpsOutput } from './ops-error.js';

export interface BackupOptions {
  config: Config;
  /** The backup folder to create; DATA_DIR/backups/pasteport-<timestamp> when absent. */
  out: string | undefined;
  /** Where to look for pg_dump (the PATH of the environment). */
  searchPath: string;
  now: Date;
  output: OpsOutput;
}

/** The command printed when the PostgreSQL database is not dumped by `backup` itself. */
export const PG_DUMP_GUIDANCE = 'pg_dump --format=custom "$DATABASE_URL" > pasteport.dump';

/**
 * Writes a backup folder: the database (a SQLite snapshot, or a pg_dump when that tool is on
 * PATH), the secret key when it lives in the data dir, and a manifest with every file's hash.
 * Answers the folder; throws OpsError when the database itself could not be saved.
 */
export async function backup(options: BackupOptions): Promise<string> {
  const { config, output } = options;
  const out = path.resolve(
    options.out ??
      path.join(dataPaths(config.dataDir).backupsDir, `pasteport-${fileTimestamp(options.now)}`),
  );
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    throw new OpsError(
      `there is no database at ${config.database.file}; nothing to back up (is DATA_DIR right?)`,
    );
  }
  await createBackupFolder(out);

  const files: Record<string, string> = {};
  let facts: DatabaseFacts;
  let databaseSaved: boolean;
  if (config.database.kind === 'sqlite') {
    const snapshot = path.join(out, DATABASE_FILE);
    await snapshotSqlite(config.database.file, snapshot);
    files[DATABASE_FILE] = await sha256Of(snapshot);
    facts = await sqliteFacts(snapshot, config.dataDir);
    databaseSaved = true;
  } else {
    facts = await postgresFacts(config.database.url, config.dataDir);
    databaseSaved = await dumpPostgres(config.database.url, out, options);
    if (databaseSaved) files[PG_DUMP_FILE] = await sha256Of(path.join(out, PG_DUMP_FILE));
  }

  const secret = await copySecret(config, out);
  if (secret === 'data-dir') files[SECRET_FILE] = await sha256Of(path.join(out, SECRET_FILE));
  const manifest: Manifest = {
    format: 1,
    app_version: APP_VERSION,
    schema_version: facts.migrations.applied[facts.migrations.applied.length - 1] ?? '',
    created_at: options.now.toISOString(),
    database: config.database.kind,
    secret,
    files,
  };
  await writeManifest(out, manifest);

  output.info(`Backup written to ${out}`);
  output.info(`  ${Object.keys(files).concat('manifest.json').join(', ')}`);
  reportSecret(secret, output);
  reportStorage(facts.localStorageRoots, output);
  if (!databaseSaved) {
    throw new OpsError(
      `pg_dump is not on PATH, so the PostgreSQL database itself is NOT in this backup; ` +
        `dump it with: ${PG_DUMP_GUIDANCE} (a pg_dump of the server's major version or newer)`,
    );
  }
  return out;
}

async function createBackupFolder(out: string): Promise<void> {
  if (existsSync(out) && (await readdir(out)).length > 0) {
    throw new OpsError(`${out} already exists and is not empty; choose another --out`);
  }
  await mkdir(out, { recursive: true, mode: 0o700 });
  // mkdir's mode is filtered by the umask: set it exactly.
  await chmod(out, 0o700);
}

async function copySecret(config: Config, out: string): Promise<Manifest['secret']> {
  if (config.appSecret) return 'environment';
  const source = dataPaths(config.dataDir).secretFile;
  if (!existsSync(source)) return 'none';
  const target = path.join(out, SECRET_FILE);
  await copyFile(source, target, constants.COPYFILE_EXCL);
  await chmod(target, 0o600);
  return 'data-dir';
}

function reportSecret(secret: Manifest['secret'], output: OpsOutput): void {
  if (secret === 'data-dir') {
    output.info(
      '  secret.key is included: keep this backup private; without that key the stored S3 credentials cannot be decrypted',
    );
  } else if (secret === 'environment') {
    output.warn(
      '  APP_SECRET comes from the environment and is NOT in this backup: keep it with the backup; without it the stored S3 credentials cannot be decrypted and sessions end',
    );
  } else {
    output.warn(
      '  no secret.key in DATA_DIR yet (the server never started here?); none is included',
    );
  }
}

function reportStorage(roots: string[], output: OpsOutput): void {
  output.info(
    '  Files on local-disk storage are NOT in this backup (they can be large); copy these folders too, e.g. with rsync or a filesystem snapshot:',
  );
  if (roots.length === 0) output.info('    (no local-disk storage is configured)');
  for (const root of roots) output.info(`    ${root}`);
  output.info('  Objects on S3 storage stay in their buckets; back those up with the provider.');
}

/** Runs pg_dump when it is on PATH; answers false when it is not (guidance is printed then). */
async function dumpPostgres(url: string, out: string, options: BackupOptions): Promise<boolean> {
  const pgDump = await findExecutable('pg_dump', options.searchPath);
  if (!pgDump) return false;
  const target = path.join(out, PG_DUMP_FILE);
  // The password travels in the environment, not the argument list other users can read.
  const { dbname, password } = splitPassword(url);
  const result = await run(
    pgDump,
    ['--format=custom', '--no-password', `--file=${target}`, `--dbname=${dbname}`],
    password,
  );
  if (result.code !== 0) {
    throw new OpsError(
      `pg_dump failed (exit ${result.code}): ${result.stderr.trim() || 'no message'}; ` +
        `the database is NOT backed up — run a pg_dump matching the server's version: ${PG_DUMP_GUIDANCE}`,
    );
  }
  await chmod(target, 0o600);
  return true;
}

export async function findExecutable(
  name: string,
  searchPath: string,
): Promise<string | undefined> {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

function splitPassword(url: string): { dbname: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { dbname: parsed.toString(), password };
}

function run(
  command: string,
  args: string[],
  password: string | undefined,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Arguments, never shell text: no quoting problems, no injection.
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password !== undefined && { PGPASSWORD: password }) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

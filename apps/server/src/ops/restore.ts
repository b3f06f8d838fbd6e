import { constants, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { dataPaths } from '../config/data-dir.js';
import { KNOWN_MIGRATIONS, newerDatabaseProblem } from '../db/migration-state.js';
import { sqliteFacts } from './database-facts.js';
import {
  DATABASE_FILE,
  PG_DUMP_FILE,
  readManifest,
  SECRET_FILE,
  verifyFiles,
  type Manifest,
} from './manifest.js';
import { OpsError, type OpsOutput } from './ops-error.js';

export interface RestoreOptions {
  config: Config;
  /** The backup folder `backup` wrote. */
  from: string;
  output: OpsOutput;
}

/** The command printed for putting a PostgreSQL dump back. */
export const PG_RESTORE_GUIDANCE =
  'pg_restore --no-owner --dbname="$DATABASE_URL" pasteport.dump   (into an empty database)';

/**
 * Puts a backup into an empty DATA_DIR: checks the manifest's hashes and that this build can
 * run the backed-up schema, then copies the database and secret.key (owner-only). Refuses a
 * data dir that already has a database rather than overwrite anything.
 */
export async function restore(options: RestoreOptions): Promise<void> {
  const { config, output } = options;
  const from = path.resolve(options.from);
  if (!(await isDirectory(from))) throw new OpsError(`${from} is not a backup folder`);
  const manifest = await readManifest(from);
  await verifyFiles(from, manifest);
  refuseNewerSchema(manifest.schema_version);
  if (manifest.database !== config.database.kind) {
    throw new OpsError(
      `this backup holds a ${manifest.database} database but the configuration uses ${config.database.kind}` +
        (config.database.kind === 'postgres'
          ? ' (DATABASE_URL is set)'
          : ' (DATABASE_URL is not set)'),
    );
  }

  const paths = dataPaths(config.dataDir);
  const copies: { from: string; to: string }[] = [];
  if (config.database.kind === 'sqlite') {
    if (!(DATABASE_FILE in manifest.files))
      throw new OpsError(`the backup lists no ${DATABASE_FILE}`);
    const snapshot = path.join(from, DATABASE_FILE);
    // The manifest could be edited by hand; the database's own migration table decides.
    const facts = await sqliteFacts(snapshot, config.dataDir);
    if (facts.migrations.unknown.length > 0) {
      throw new OpsError(`cannot restore: ${newerDatabaseProblem(facts.migrations.unknown)}`);
    }
    copies.push({ from: snapshot, to: config.database.file });
  }
  if (manifest.secret === 'data-dir') {
    copies.push({ from: path.join(from, SECRET_FILE), to: paths.secretFile });
  }
  refuseOccupied(
    config,
    copies.map((copy) => copy.to),
  );

  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  for (const copy of copies) {
    await copyFile(copy.from, copy.to, constants.COPYFILE_EXCL);
    await chmod(copy.to, 0o600);
  }

  output.info(
    `Restored the backup of ${manifest.created_at} (Pasteport ${manifest.app_version}, schema ${manifest.schema_version || 'empty'}) into ${config.dataDir}`,
  );
  reportAfterRestore(manifest, output);
}

function refuseNewerSchema(schemaVersion: string): void {
  if (schemaVersion !== '' && !KNOWN_MIGRATIONS.includes(schemaVersion)) {
    throw new OpsError(`cannot restore: ${newerDatabaseProblem([schemaVersion])}`);
  }
}

function refuseOccupied(config: Config, targets: string[]): void {
  const taken = targets.filter((target) => existsSync(target));
  if (config.database.kind === 'sqlite' && existsSync(`${config.database.file}-wal`)) {
    taken.push(`${config.database.file}-wal`);
  }
  if (taken.length > 0) {
    throw new OpsError(
      `DATA_DIR ${config.dataDir} is not empty: ${taken.map((file) => path.basename(file)).join(', ')} ${taken.length === 1 ? 'already exists' : 'already exist'}; ` +
        'restore only into an empty data dir (move the current one away first); nothing was changed',
    );
  }
}

function reportAfterRestore(manifest: Manifest, output: OpsOutput): void {
  if (manifest.database === 'postgres') {
    if (PG_DUMP_FILE in manifest.files) {
      output.info(
        `  The PostgreSQL database is in ${PG_DUMP_FILE}; load it with: ${PG_RESTORE_GUIDANCE}`,
      );
    } else {
      output.warn(
        '  This backup holds no PostgreSQL dump; restore the database from your own pg_dump.',
      );
    }
  }
  if (manifest.secret === 'environment') {
    output.warn(
      '  The backup was made with APP_SECRET from the environment: start the server with that same APP_SECRET, or stored S3 credentials cannot be decrypted',
    );
  } else if (manifest.secret === 'none') {
    output.warn('  The backup holds no secret.key; a new one is created at the first start.');
  }
  output.info(
    '  Files on local-disk storage are not part of the backup: copy them back into the storage folders before starting the server.',
  );
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

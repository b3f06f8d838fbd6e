import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream, Logger } from 'pino';
import { createApp } from './app.js';
import { compose, type Composition } from './composition.js';
import { parseConfig, type Config } from './config/config.js';
import { dataPaths, loadAppSecret, prepareDataDir } from './config/data-dir.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { newerDatabaseProblem, readMigrationState } from './db/migration-state.js';
import { snapshotBeforeMigrating } from './db/pre-migrate-snapshot.js';
import { createLogger } from './http/log-redaction.js';
import { createJobRunner } from './jobs/job-runner.js';
import { sweepJobs } from './jobs/sweeps.js';
import type { Clock } from './lib/clock.js';
import { fsCrawlJob } from './modules/search/fs-crawl.js';
import { createRemoteFetcher } from './modules/url-import/remote-fetch.js';

/** What TEST_ONLY_ALLOW_LOOPBACK_FETCH opens to outbound fetches. */
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

/** A boot failure whose message is meant for the person starting the server, not a stack trace. */
export class BootError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'BootError';
  }
}

/** Where the built web app lives relative to this file (src/ in dev, dist/ when built). */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface Running {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Stops accepting, drains in-flight requests, then closes storage and the database. */
  close: () => Promise<void>;
}

/** Parses config, prepares DATA_DIR, opens and migrates the database, builds the app, listens. */
export async function boot(
  env: NodeJS.ProcessEnv,
  /** `logDestination`: where log lines go instead of stdout (tests read them); `clock`: the
   * time the server lives in (tests pin it, so data with an expiry is checked on any day). */
  options: { webDistDir?: string; logDestination?: DestinationStream; clock?: Clock } = {},
): Promise<Running> {
  const parsed = parseConfig(env);
  if (!parsed.ok) throw new BootError(parsed.problems);
  const config = parsed.config;
  const dirProblems = await prepareDataDir(config.dataDir);
  if (dirProblems.length > 0) throw new BootError(dirProblems);

  const logger = createLogger(config.logLevel, options.logDestination);
  const appSecret = await loadAppSecret(config.dataDir, config.appSecret);
  const database = await openDatabaseOrExplain(config);
  try {
    await bringSchemaUpToDate(config, database, logger);
  } catch (err) {
    await database.close();
    throw err;
  }

  const root = compose({
    config,
    appSecret,
    database,
    dataDir: config.dataDir,
    webDistDir: options.webDistDir ?? DEFAULT_WEB_DIST,
    logger,
    httpLimits: config.httpLimits,
    corsOrigins: config.corsOrigins,
    metricsToken: config.metricsToken,
    ...(options.clock && { clock: options.clock }),
    ...(config.allowLoopbackFetch && {
      fetcher: createRemoteFetcher({ allowAddresses: LOOPBACK_ADDRESSES }),
    }),
  });
  const { storage } = root;
  await storage.ensureDefault();
  await createInitialAdmin(root, config, logger);

  const app = await createApp(root);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close();
    await storage.close();
    await database.close();
    throw new BootError([listenProblem(err, config)]);
  }

  const jobs = createJobRunner({
    leases: root.jobLeases,
    jobs: [...sweepJobs(root.sweeps), fsCrawlJob(root.services.fsCrawl)],
    clock: root.clock,
    logger,
    onRun: root.metrics.jobRun,
  });
  jobs.start();
  // Tasks (copies …) run here too, each on one instance; a stop leaves the item in flight pending.
  const tasks = root.createTaskRunner();
  tasks.start();

  return {
    app,
    config,
    database,
    logger,
    close: async () => {
      await app.close();
      await jobs.stop();
      await tasks.stop();
      await storage.close();
      await database.close();
    },
  };
}

/** Creates the first administrator; a generated password is printed this once and never again. */
async function createInitialAdmin(
  root: Composition,
  config: Config,
  logger: Logger,
): Promise<void> {
  const result = await root.ensureInitialAdmin(config.admin);
  if (!result.created) return;
  if (result.generatedPassword) {
    logger.warn(
      { username: result.username, password: result.generatedPassword },
      'created the administrator with a generated password: it is shown only this once; sign in and change it',
    );
  } else {
    logger.info(
      { username: result.username },
      'created the administrator from ADMIN_USERNAME/ADMIN_PASSWORD',
    );
  }
}

/**
 * Refuses a database written by a newer version, snapshots a SQLite database that has data
 * before changing its schema, then migrates. Every refusal is a BootError in plain words.
 */
async function bringSchemaUpToDate(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<void> {
  const state = await readMigrationState(database.db);
  if (state.unknown.length > 0) throw new BootError([newerDatabaseProblem(state.unknown)]);
  const from = state.applied[state.applied.length - 1];
  if (state.pending.length > 0 && from !== undefined && config.database.kind === 'sqlite') {
    const backupsDir = dataPaths(config.dataDir).backupsDir;
    try {
      const file = await snapshotBeforeMigrating({
        databaseFile: config.database.file,
        backupsDir,
        from,
        now: new Date(),
      });
      logger.info(
        { snapshot: file, from, pending: state.pending },
        'database snapshot taken before migrating',
      );
    } catch (err) {
      throw new BootError([
        `database: no snapshot could be written to ${backupsDir} before migrating from ${from} (${describe(err)}); nothing was migrated — make that folder writable and start again`,
      ]);
    }
  }
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  } catch (err) {
    throw new BootError([`DATABASE_URL: the database could not be migrated (${describe(err)})`]);
  }
}

async function openDatabaseOrExplain(config: Config): Promise<DatabaseHandle> {
  try {
    const handle = await openDatabase(config.database);
    await handle.ping();
    return handle;
  } catch (err) {
    const where = config.database.kind === 'sqlite' ? config.database.file : 'DATABASE_URL';
    throw new BootError([`database: cannot open ${where} (${describe(err)})`]);
  }
}

function listenProblem(err: unknown, config: Config): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return `PORT: ${config.host}:${config.port} is already in use; stop the other program or choose another PORT`;
  }
  if (code === 'EACCES')
    return `PORT: not allowed to listen on ${config.host}:${config.port}; choose a port above 1024`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return `HOST: ${config.host} is not an address of this machine`;
  }
  return `cannot listen on ${config.host}:${config.port} (${describe(err)})`;
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return code ? `${code}: ${err.message}` : err.message;
  }
  return String(err);
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { compose, type AppDeps, type Composition } from '../src/composition.js';
import type { Clock } from '../src/lib/clock.js';
import type { ThrottleLimits } from '../src/modules/auth/login-throttle.js';
import { prepareDataDir } from '../src/config/data-dir.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../src/db/database.js';
import type { StorageRegistry } from '../src/storage/registry.js';
import { openTestDatabase, type DatabaseKindUnderTest, type TestDatabase } from './databases.js';

export const TEST_APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  target: DatabaseTarget;
  storage: StorageRegistry;
  /** The composed services the app runs on (jobs and tests call them directly). */
  root: Composition;
  dataDir: string;
  close(): Promise<void>;
}

/** What a test may change in the composed server. */
export interface TestCompositionOptions {
  publicUrl?: string;
  sessionTtlMs?: number;
  clock?: Clock;
  throttleLimits?: ThrottleLimits;
  /** How URL import fetches (tests let it reach loopback stand-ins for public hosts). */
  fetcher?: AppDeps['fetcher'];
  /** Body idle timeout and anonymous upload slots (tests shrink them). */
  httpLimits?: AppDeps['httpLimits'];
  /** CORS_ORIGINS of this app. */
  corsOrigins?: AppDeps['corsOrigins'];
  /** How long a repeated Idempotency-Key waits for its first request. */
  idempotencyWait?: AppDeps['idempotencyWait'];
  /** METRICS_TOKEN of this app. */
  metricsToken?: string;
}

/**
 * The server's services composed as boot.ts composes them, on a test database and DATA_DIR,
 * with a silent logger and the test secret.
 */
export function composeForTest(
  database: DatabaseHandle,
  dataDir: string,
  options: TestCompositionOptions & { webDistDir?: string | undefined } = {},
): Composition {
  return compose({
    appSecret: TEST_APP_SECRET,
    config: {
      logLevel: 'silent',
      trustProxy: false,
      publicUrl: options.publicUrl,
      sessionTtlMs: options.sessionTtlMs ?? 86_400_000,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.throttleLimits ? { throttleLimits: options.throttleLimits } : {}),
    ...(options.fetcher ? { fetcher: options.fetcher } : {}),
    ...(options.httpLimits ? { httpLimits: options.httpLimits } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.idempotencyWait ? { idempotencyWait: options.idempotencyWait } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    database,
    dataDir,
    webDistDir: options.webDistDir,
    healthReuseMs: 0,
    logger: pino({ level: 'silent' }),
  });
}

/**
 * The real app on a fresh database of the given kind and a temp DATA_DIR with the default
 * local storage, composed exactly as boot.ts composes it, minus listening. Routes may be added before
 * the first request (tests use that to exercise the error mapper).
 */
export async function buildTestApp(
  kind: DatabaseKindUnderTest,
  options: TestCompositionOptions & {
    webDistDir?: string;
    /** Run as a second instance on another app's database (a second connection, like a scale-out). */
    sameDatabaseAs?: TestApp;
    /** Share another app's DATA_DIR (one volume for both instances); that app removes it. */
    sameDataDirAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const testDb: Pick<TestDatabase, 'handle' | 'target' | 'cleanup'> = options.sameDatabaseAs
    ? await secondConnection(options.sameDatabaseAs.target)
    : await openTestDatabase(kind);
  const dataDir =
    options.sameDataDirAs?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'pp-app-')));
  await prepareDataDir(dataDir);
  const root = composeForTest(testDb.handle, dataDir, options);
  const { storage } = root;
  await storage.ensureDefault();
  const app = await createApp(root);
  return {
    app,
    database: testDb.handle,
    target: testDb.target,
    storage,
    root,
    dataDir,
    close: async () => {
      await app.close();
      await storage.close();
      await testDb.cleanup();
      if (!options.sameDataDirAs) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function secondConnection(target: DatabaseTarget) {
  const handle = await openDatabase(target);
  return { handle, target, cleanup: () => handle.close() };
}

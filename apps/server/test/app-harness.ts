import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createApp, type AppDeps } from '../src/app.js';
import type { Clock } from '../src/lib/clock.js';
import type { ThrottleLimits } from '../src/modules/auth/login-throttle.js';
import { prepareDataDir } from '../src/config/data-dir.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../src/db/database.js';
import {
  createStorageRegistry,
  type StorageRegistry,
} from '../src/modules/storage-configs/storage-registry.js';
import { openTestDatabase, type DatabaseKindUnderTest, type TestDatabase } from './databases.js';

export const TEST_APP_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  target: DatabaseTarget;
  storage: StorageRegistry;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database of the given kind and a temp DATA_DIR with the default
 * local storage, exactly as main.ts composes it, minus listening. Routes may be added before
 * the first request (tests use that to exercise the error mapper).
 */
export async function buildTestApp(
  kind: DatabaseKindUnderTest,
  options: {
    webDistDir?: string;
    publicUrl?: string;
    sessionTtlMs?: number;
    clock?: Clock;
    throttleLimits?: ThrottleLimits;
    /** Run as a second instance on another app's database (a second connection, like a scale-out). */
    sameDatabaseAs?: TestApp;
    /** Test seam: URL import may fetch from these loopback stand-ins for public hosts. */
    urlFetchTestSeams?: AppDeps['urlFetchTestSeams'];
    /** Body idle timeout and anonymous upload slots (tests shrink them). */
    httpLimits?: AppDeps['httpLimits'];
    /** CORS_ORIGINS of this app. */
    corsOrigins?: AppDeps['corsOrigins'];
  } = {},
): Promise<TestApp> {
  const testDb: Pick<TestDatabase, 'handle' | 'target' | 'cleanup'> = options.sameDatabaseAs
    ? await secondConnection(options.sameDatabaseAs.target)
    : await openTestDatabase(kind);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-app-'));
  await prepareDataDir(dataDir);
  const logger = pino({ level: 'silent' });
  const storage = createStorageRegistry({
    db: testDb.handle.db,
    dataDir,
    appSecret: TEST_APP_SECRET,
    publicUrl: options.publicUrl,
    logger,
  });
  await storage.ensureDefault();
  const app = await createApp({
    appSecret: TEST_APP_SECRET,
    config: {
      logLevel: 'silent',
      trustProxy: false,
      publicUrl: options.publicUrl,
      sessionTtlMs: options.sessionTtlMs ?? 86_400_000,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.throttleLimits ? { throttleLimits: options.throttleLimits } : {}),
    ...(options.urlFetchTestSeams ? { urlFetchTestSeams: options.urlFetchTestSeams } : {}),
    ...(options.httpLimits ? { httpLimits: options.httpLimits } : {}),
    ...(options.corsOrigins ? { corsOrigins: options.corsOrigins } : {}),
    database: testDb.handle,
    storage,
    webDistDir: options.webDistDir,
    healthReuseMs: 0,
    logger,
  });
  return {
    app,
    database: testDb.handle,
    target: testDb.target,
    storage,
    dataDir,
    close: async () => {
      await app.close();
      await storage.close();
      await testDb.cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function secondConnection(target: DatabaseTarget) {
  const handle = await openDatabase(target);
  return { handle, target, cleanup: () => handle.close() };
}

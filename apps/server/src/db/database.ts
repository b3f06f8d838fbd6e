import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DatabaseKind } from '@pasteport/contract';
import { createLocalInvalidationBus, type InvalidationBus } from '../lib/invalidation.js';
import { createPostgresInvalidationBus } from './pg-invalidation.js';
import { startBackgroundCheckpoints } from './sqlite-checkpointer.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import type { Database } from './schema.js';

/** An open database: the Kysely handle, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Cache invalidation shared by every instance on this database. */
  invalidation: InvalidationBus;
  /** The connection pool's counts (PostgreSQL); undefined for SQLite's single connection. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Cheap liveness probe for /api/health. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Opens SQLite (WAL, busy timeout, foreign keys) or a PostgreSQL pool; drivers load lazily. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const { db, invalidation, stop, pool } =
    target.kind === 'sqlite'
      ? { ...(await openSqlite(target.file)), invalidation: createLocalInvalidationBus() }
      : await openPostgres(target.url);
  return {
    db,
    kind: target.kind,
    invalidation,
    ...(pool && { pool }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await invalidation.close();
      await db.destroy();
      // After the writer is closed: the background connection is then the last one, and
      // closing it checkpoints what is left and removes the WAL file.
      await stop?.();
    },
  };
}

async function openSqlite(
  file: string,
): Promise<{ db: Kysely<Database>; stop?: () => Promise<void>; pool?: undefined }> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true });
    // The database holds password hashes and sealed credentials: owner-only, like the secret
    // key. Created 0600 before SQLite opens it (its WAL and SHM files copy these permissions);
    // an existing file made 0644 by an older version is tightened too.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  conn.pragma('synchronous = NORMAL');
  const checkpointer = file === ':memory:' ? undefined : startBackgroundCheckpoints(conn, file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(conn) }),
  });
  return { db, stop: checkpointer && (() => checkpointer.stop()) };
}

async function openPostgres(url: string): Promise<{
  db: Kysely<Database>;
  invalidation: InvalidationBus;
  stop?: undefined;
  pool: () => { total: number; idle: number; waiting: number };
}> {
  const { default: pg } = await import('pg');
  // int8 and count(*) arrive as strings by default; our sizes and counts fit in a double.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const invalidation = await createPostgresInvalidationBus(
    pool,
    () => new pg.Client({ connectionString: url }),
  );
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
    invalidation,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

/** The migration names this build knows, in application order. */
export const KNOWN_MIGRATIONS: readonly string[] = Object.keys(migrations).sort();

/** The newest migration this build knows: the schema version its backups record. */
export const LATEST_MIGRATION: string = KNOWN_MIGRATIONS[KNOWN_MIGRATIONS.length - 1] ?? '';

/** Where a database stands against this build's migrations. */
export interface MigrationState {
  /** Names recorded in the database as applied, in order. */
  applied: string[];
  /** Applied names this build does not have: the database was written by a newer version. */
  unknown: string[];
  /** Known names not applied yet: what the next migration run applies. */
  pending: string[];
}

/** Reads the migration table (absent on a fresh database) and compares it with this build. */
export async function readMigrationState(db: Kysely<Database>): Promise<MigrationState> {
  const applied = await appliedMigrations(db);
  return compareWithBuild(applied);
}

export function compareWithBuild(applied: string[]): MigrationState {
  const known = new Set(KNOWN_MIGRATIONS);
  const done = new Set(applied);
  return {
    applied,
    unknown: applied.filter((name) => !known.has(name)),
    pending: KNOWN_MIGRATIONS.filter((name) => !done.has(name)),
  };
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === 'kysely_migration')) return [];
  const result = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

/** The refusal a newer database gets, in words for the person starting the server. */
export function newerDatabaseProblem(unknown: string[]): string {
  return (
    `this database was written by a newer Pasteport (it has migrations this version does not know: ` +
    `${unknown.join(', ')}); run that version or restore a backup`
  );
}

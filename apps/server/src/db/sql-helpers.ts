import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** A unique-constraint violation on either engine (PostgreSQL 23505, SQLite UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint/i.test(e.message ?? '')
  );
}

/**
 * A case-insensitive "contains" pattern for `lower(column) LIKE …`: the search text is escaped
 * so % and _ match themselves.
 */
export function containsPattern(search: string): RawBuilder<string> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<string>`${pattern} escape '\\'`;
}

/**
 * Locks a storage config's row until the transaction ends (a no-op update: portable, and a row
 * lock on PostgreSQL; SQLite runs one write transaction at a time); false when there is no such
 * config. Creating a mount on a config and deleting the config both take it first, so a mount
 * never lands on a config that is being deleted.
 */
export async function lockStorageConfig(trx: Kysely<Database>, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('storage_configs')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

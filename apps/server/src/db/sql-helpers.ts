import { sql, type RawBuilder } from 'kysely';

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

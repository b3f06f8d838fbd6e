import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the app issues a few dozen, so this is never reached. */
const DEFAULT_CAPACITY = 500;

/**
 * Kysely prepares every query anew, which costs as much as running a small one. This wrapper
 * keeps prepared statements by SQL text (least recently used dropped first). Reuse is safe:
 * Kysely's SQLite driver runs one query at a time on its single connection (a mutex), so a
 * statement is never executed while another use of it is still iterating.
 */
export function withStatementCache(
  database: SqliteDatabase,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, SqliteStatement>();
  return {
    get cachedStatements() {
      return statements.size;
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Re-insert to mark it most recently used (Map keeps insertion order).
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}

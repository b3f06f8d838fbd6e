import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/** Columns before the swept one: the file sweep asks for ready files only. */
const LEADING = { pastes: [], files: ['status'] } as const;
const TABLES = ['pastes', 'files'] as const;

/**
 * The sweeps look for rows with an expiry that has passed and rows with a view limit: most rows
 * have neither. Indexes that hold only those rows answer both sweeps without a table scan, and
 * a share created without expiry or limit (the common case) no longer adds an index entry at
 * all (one B-tree write fewer per create).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_expires_idx`).execute();
    await db.schema
      .createIndex(`${table}_expires_idx`)
      .on(table)
      .columns([...LEADING[table], 'expires_at'])
      .where(sql.ref('expires_at'), 'is not', null)
      .execute();
    await db.schema
      .createIndex(`${table}_limited_idx`)
      .on(table)
      .columns([...LEADING[table], 'max_views'])
      .where(sql.ref('max_views'), '>', 0)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_limited_idx`).execute();
    await db.schema.dropIndex(`${table}_expires_idx`).execute();
    await db.schema.createIndex(`${table}_expires_idx`).on(table).column('expires_at').execute();
  }
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/*
 * Storage keys compare byte-wise on both engines, as fs_index keys do (migration 0010): a
 * folder's subtree is then the key range `>= 'a/b/'` and `< 'a/b0'`, which the
 * (storage_config_id, storage_path) index (`files_object_idx`, migration 0012) serves, with no
 * LIKE and so no wildcard to escape. SQLite's default collation (BINARY) already is; PostgreSQL
 * compared by the database's locale, where the range would not be a prefix, so its column moves
 * to `COLLATE "C"` (its indexes are rebuilt with it). Equality is the same either way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table files alter column storage_path type varchar(2048) collate "C"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table files alter column storage_path type varchar(2048) collate "default"`.execute(
    db,
  );
}

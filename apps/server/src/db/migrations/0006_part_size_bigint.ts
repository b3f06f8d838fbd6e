import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/**
 * A multipart part may be up to 5 GiB (S3's limit), beyond PostgreSQL's 4-byte integer: a
 * client asking for such a part got a 500. SQLite's INTEGER is already 8 bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('files')
    .alterColumn('part_size', (column) => column.setDataType('bigint'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .alterTable('files')
    .alterColumn('part_size', (column) => column.setDataType('integer'))
    .execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/*
 * The progress of server-side URL imports, in the database so a progress read answers on any
 * instance (the transfer itself runs on the instance that started it).
 *
 * - `file_id` is the pending file the import writes; `owner` the creatorId of whoever started
 *   it (null for every guest) and `secret_hash` the SHA-256 hex of the upload secret guests
 *   present to read it.
 * - `state` 'running', 'completed', 'failed' or 'cancelled'; `loaded` bytes so far (written at
 *   most every MiB or half second, so it may trail the transfer a little); `total` the declared
 *   size or null.
 * - `file_detail` the finished file as JSON (completed only); `error_code`/`error_message`
 *   why it failed.
 * - `updated_at` moves with every progress write, `ended_at` is set once it ended: the sweep
 *   deletes ended rows after an hour and running rows nobody wrote for longer than a transfer
 *   may last (their instance stopped without ending them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('url_imports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner', 'varchar(100)')
    .addColumn('secret_hash', 'varchar(64)')
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('loaded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'bigint')
    .addColumn('file_detail', 'text')
    .addColumn('error_code', 'varchar(50)')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('url_imports_file_idx').on('url_imports').column('file_id').execute();
  await db.schema
    .createIndex('url_imports_updated_idx')
    .on('url_imports')
    .column('updated_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('url_imports').execute();
}

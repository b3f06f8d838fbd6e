import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/**
 * Archive links (POST /api/fs/archive): what to pack and who asked, kept server-side so the
 * link stays short and works on every instance. Only the SHA-256 of the link's secret is kept.
 * `actor_kind` is 'admin' or 'apikey' and `actor_id` the admin's or the key's id: the rights
 * are checked again, as they are then, when the link is opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_links')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(36)', (c) => c.notNull())
    // The normalised virtual paths, as a JSON array of strings.
    .addColumn('paths', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archive_links_expires_idx')
    .on('archive_links')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('archive_links').execute();
}

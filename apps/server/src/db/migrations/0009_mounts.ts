import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mounts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mount_path', 'varchar(100)', (c) => c.notNull())
    // Lower-cased mount path: uniqueness is case-insensitive on both engines.
    .addColumn('mount_path_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('storage_config_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cache_ttl', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used', 'varchar(30)')
    // When the background crawl last finished indexing the mount for search.
    .addColumn('last_refresh', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('mounts_storage_idx')
    .on('mounts')
    .column('storage_config_id')
    .execute();

  // Mount permission gets a read-only level; existing keys keep read-write (0).
  await db.schema
    .alterTable('api_keys')
    .addColumn('mount_read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('mount_read_only').execute();
  await db.schema.dropTable('mounts').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('storage_configs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('driver', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('allow_api_keys', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_bytes', 'bigint')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('storage_configs_name_idx')
    .on('storage_configs')
    .column('name')
    .execute();
  await db.schema
    .createIndex('storage_configs_default_idx')
    .on('storage_configs')
    .column('is_default')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_configs').execute();
  await db.schema.dropTable('settings').execute();
}

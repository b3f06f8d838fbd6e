import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull())
    // Lower-cased slug: uniqueness is case-insensitive on both engines (own namespace).
    .addColumn('slug_key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('mimetype', 'varchar(255)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('access_mode', 'varchar(10)', (c) => c.notNull().defaultTo('proxy'))
    .addColumn('storage_config_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('storage_path', 'varchar(2048)', (c) => c.notNull())
    .addColumn('etag', 'varchar(200)')
    // 'pending' until the bytes are in storage; only 'ready' files are served or listed publicly.
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('upload_id', 'varchar(1024)')
    .addColumn('part_size', 'integer')
    .addColumn('created_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_created_idx').on('files').column('created_at').execute();
  await db.schema.createIndex('files_expires_idx').on('files').column('expires_at').execute();
  await db.schema
    .createIndex('files_creator_idx')
    .on('files')
    .columns(['created_by', 'created_at'])
    .execute();
  await db.schema
    .createIndex('files_storage_idx')
    .on('files')
    .columns(['storage_config_id', 'status'])
    .execute();
  await db.schema
    .createIndex('files_status_idx')
    .on('files')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}

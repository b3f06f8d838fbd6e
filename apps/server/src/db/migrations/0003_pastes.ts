import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pastes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(50)', (c) => c.notNull())
    // Lower-cased slug: uniqueness is case-insensitive on both engines.
    .addColumn('slug_key', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)')
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pastes_created_idx').on('pastes').column('created_at').execute();
  await db.schema.createIndex('pastes_expires_idx').on('pastes').column('expires_at').execute();
  await db.schema
    .createIndex('pastes_creator_idx')
    .on('pastes')
    .columns(['created_by', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pastes').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('admin_id', 'varchar(36)', (c) =>
      c.notNull().references('admins.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_admin_idx').on('sessions').column('admin_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('text_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mount_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('basic_path', 'varchar(1024)', (c) => c.notNull().defaultTo('/'))
    .addColumn('expires_at', 'varchar(30)')
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_created_idx').on('api_keys').column('created_at').execute();

  // Failed-login counters, one row per scope ("ip:…" or "user:…"), shared by every instance.
  await db.schema
    .createTable('login_attempts')
    .addColumn('scope', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('login_attempts_window_idx')
    .on('login_attempts')
    .column('window_started_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('admins').execute();
}

import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/*
 * WebDAV's own state, in the database so every instance sees the same:
 *
 * - `dav_locks`: class 2 write locks. `path` is the normalised virtual path of the lock's root
 *   (locks belong to the URL space, as RFC 4918 has it), `depth` '0' or 'infinity', `scope`
 *   'exclusive' or 'shared', `owner` the client's owner XML as sent, `principal` who took it
 *   ('admin:<id>' or 'apikey:<id>': only they may use the token). A lock is live while
 *   `expires_at` (ISO-8601 UTC) is ahead. Paths compare byte-wise on both engines (`COLLATE "C"`
 *   on PostgreSQL), so the locks below a folder are the range `>= '/a/'` and `< '/a0'`.
 * - `dav_properties`: dead properties (PROPPATCH) per storage config and object key, like the
 *   search index, so two mounts of one storage see the same; `ns` and `name` are the property's
 *   expanded name, `value` its content as XML. Keys compare byte-wise too, so a folder's
 *   properties move and go with it as one key range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytewise = (type: string) => (postgres ? sql.raw(`${type} collate "C"`) : sql.raw(type));
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('path', bytewise('varchar(2048)'), (c) => c.notNull())
    .addColumn('depth', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('principal', 'varchar(60)', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dav_locks_path_idx').on('dav_locks').column('path').execute();
  await db.schema
    .createIndex('dav_locks_expires_idx')
    .on('dav_locks')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('dav_properties')
    .addColumn('storage_config_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('key', bytewise('varchar(2048)'), (c) => c.notNull())
    .addColumn('ns', 'varchar(1024)', (c) => c.notNull())
    .addColumn('name', 'varchar(1024)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dav_properties_pk', ['storage_config_id', 'key', 'ns', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_properties').execute();
  await db.schema.dropTable('dav_locks').execute();
}

import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/**
 * A file share made from an object of a mount (POST /api/fs/share) points at that object: the
 * object belongs to the mount, not to the share. `source_path` is the virtual path it was
 * shared from (non-null marks such a share); `source_removed_at` is when the object was seen
 * deleted, moved or replaced, after which the share answers 410.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('source_path', 'varchar(1100)').execute();
  await db.schema.alterTable('files').addColumn('source_removed_at', 'varchar(30)').execute();
  // Removals in a storage find the shares of the removed keys (and of keys beneath a folder).
  await db.schema
    .createIndex('files_object_idx')
    .on('files')
    .columns(['storage_config_id', 'storage_path'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('files_object_idx').execute();
  await db.schema.alterTable('files').dropColumn('source_removed_at').execute();
  await db.schema.alterTable('files').dropColumn('source_path').execute();
}

import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Long-running work (copy, upload, delete, download) in the database: leased, so one instance
  // runs a task at a time, and resumable from its items after a restart.
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    // pending | running | completed | failed | cancelled | partial
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('items_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('items_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'varchar(100)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  // "My tasks, newest first" (and the admin's "all tasks, newest first").
  await db.schema
    .createIndex('tasks_creator_created_idx')
    .on('tasks')
    .columns(['created_by', 'created_at'])
    .execute();
  await db.schema.createIndex('tasks_created_idx').on('tasks').column('created_at').execute();
  // Runnable tasks: pending, or running with a lapsed lease; only unfinished rows are indexed.
  await db.schema
    .createIndex('tasks_runnable_idx')
    .on('tasks')
    .columns(['status', 'lease_until'])
    .where(sql.ref('status'), 'in', ['pending', 'running'])
    .execute();

  await db.schema
    .createTable('task_items')
    .addColumn('task_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // SHA-256 of source and target: the same pair is one item, however often it is added.
    .addColumn('item_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    // The task type's own JSON for the item (e.g. storages and keys of a copy).
    .addColumn('ref', 'text', (c) => c.notNull())
    // pending | preparing | downloading | completed | failed | skipped
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    // The item's size in bytes, when known.
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('task_items_pk', ['task_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('task_items_key_idx')
    .on('task_items')
    .columns(['task_id', 'item_key'])
    .unique()
    .execute();
  // Items of a task by status (the next pending ones, the failed ones to retry), in order.
  await db.schema
    .createIndex('task_items_status_idx')
    .on('task_items')
    .columns(['task_id', 'status', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_items').execute();
  await db.schema.dropTable('tasks').execute();
}

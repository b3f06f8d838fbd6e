import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per scheduled job: which instance holds it and until when, and its last run.
  await db.schema
    .createTable('job_leases')
    .addColumn('job_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('next_run_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_run_at', 'varchar(30)')
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
}

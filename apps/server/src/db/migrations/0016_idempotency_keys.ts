import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/*
 * `Idempotency-Key` claims and the answers they keep, in the database so every instance sees
 * them (ARCHITECTURE §6: the offline queue's replays never act twice).
 *
 * - (`scope`, `key`) is the key as one caller sent it: `scope` is 'admin:<id>', 'apikey:<id>'
 *   or 'guest', so one caller's key never finds another's answer.
 * - `fingerprint`: SHA-256 hex of the request (method, path with query, body) — a repeat must
 *   match it; `request_id` is the request that claimed the key, the only one that settles it.
 * - `state` 'pending' while that request runs, 'done' with `status_code`, `content_type` and
 *   `response_body` (the JSON answer, sealed) once it answered.
 * - A row counts while `expires_at` (ISO-8601 UTC, 24 h after the claim) is ahead; expired
 *   rows are replaced by a new claim and deleted by a sweep (hence the index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(255)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'varchar(255)')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}

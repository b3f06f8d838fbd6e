import type { Kysely } from 'kysely';

// Frozen once landed: never edit; add a new migration instead. Imports nothing from live code.

/**
 * A pending upload is bound to the secret its init answered: the SHA-256 (hex) of that secret.
 * Guests all share the creator `null`, so the file id alone (readable in signed-URL payloads)
 * must not let another client commit, complete or abort the upload. Rows from before have no
 * hash; a guest cannot continue them (they are swept after 24 hours like any pending upload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('upload_secret_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('upload_secret_hash').execute();
}

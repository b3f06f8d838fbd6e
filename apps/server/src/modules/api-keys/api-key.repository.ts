import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** SQL for API keys; keys are found by the SHA-256 of the presented key. */
export function createApiKeyRepository(db: Kysely<Database>) {
  // Runs on every key-authenticated request: built once, executed with a fresh parameter.
  const byHash = db.selectFrom('api_keys').selectAll().where('key_hash', '=', '').compile();

  return {
    list(): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    findById(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const result = await db.executeQuery<ApiKeyRow>({ ...byHash, parameters: [keyHash] });
      return result.rows[0];
    },

    /** Inserts a key; false when its hash is already taken (a duplicate custom key). */
    async insert(row: ApiKeyRow): Promise<boolean> {
      const result = await db
        .insertInto('api_keys')
        .values(row)
        .onConflict((oc) => oc.column('key_hash').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async update(id: string, changes: Updateable<ApiKeysTable>): Promise<ApiKeyRow | undefined> {
      return db
        .updateTable('api_keys')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Records use at most once per interval: the condition makes concurrent requests (on any
     * instance) write once, and requests inside the interval not at all.
     */
    async touch(id: string, now: string, notSince: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
        .execute();
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;

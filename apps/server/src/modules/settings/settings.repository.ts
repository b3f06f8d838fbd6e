import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Raw key/value access to the settings table; typed access lives in settings.service.ts. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    async getMany(keys: readonly string[]): Promise<Map<string, string>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', keys)
        .execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },

    /** Inserts or replaces several values in one transaction, so a multi-field save is all-or-nothing. */
    async setMany(
      entries: ReadonlyArray<{ key: string; value: string }>,
      updatedAt: string,
    ): Promise<void> {
      if (entries.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const { key, value } of entries) {
          await trx
            .insertInto('settings')
            .values({ key, value, updated_at: updatedAt })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
            .execute();
        }
      });
    },

    async delete(key: string): Promise<void> {
      await db.deleteFrom('settings').where('key', '=', key).execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, StorageConfigsTable } from '../../db/schema.js';

export type StorageConfigRow = Selectable<StorageConfigsTable>;
export type NewStorageConfigRow = Insertable<StorageConfigsTable>;

/** SQL for storage configurations. The admin API for them comes with the files feature. */
export function createStorageConfigRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<StorageConfigRow | undefined> {
      return db.selectFrom('storage_configs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findDefault(): Promise<StorageConfigRow | undefined> {
      return db
        .selectFrom('storage_configs')
        .selectAll()
        .where('is_default', '=', 1)
        .orderBy('created_at')
        .executeTakeFirst();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('storage_configs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: NewStorageConfigRow): Promise<void> {
      await db.insertInto('storage_configs').values(row).execute();
    },
  };
}

export type StorageConfigRepository = ReturnType<typeof createStorageConfigRepository>;

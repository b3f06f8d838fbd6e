import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, MountsTable } from '../../db/schema.js';

export type MountRow = Selectable<MountsTable>;
export type NewMountRow = Insertable<MountsTable>;
/** An active mount as the virtual file system sees it: with its storage's API-key rule. */
export type ActiveMount = MountRow & { storage_allows_api_keys: number };
export type MountChanges = Updateable<Omit<MountsTable, 'id' | 'created_at' | 'created_by'>>;

/** The mount queries (SQL stays here; the rules live in the mount service). */
export function createMountRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<MountRow | undefined> {
      return db.selectFrom('mounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every mount in display order: sort_order, then path. */
    list(): Promise<MountRow[]> {
      return db
        .selectFrom('mounts')
        .selectAll()
        .orderBy('sort_order')
        .orderBy('mount_path_key')
        .orderBy('id')
        .execute();
    },

    /** The active mounts, in display order (the virtual file system's table). */
    listActive(): Promise<ActiveMount[]> {
      return db
        .selectFrom('mounts')
        .innerJoin('storage_configs', 'storage_configs.id', 'mounts.storage_config_id')
        .selectAll('mounts')
        .select('storage_configs.allow_api_keys as storage_allows_api_keys')
        .where('mounts.is_active', '=', 1)
        .orderBy('mounts.sort_order')
        .orderBy('mounts.mount_path_key')
        .orderBy('mounts.id')
        .execute();
    },

    /** The mount holding a lower-cased path, if any (uniqueness is checked by the index too). */
    findByPathKey(pathKey: string): Promise<MountRow | undefined> {
      return db
        .selectFrom('mounts')
        .selectAll()
        .where('mount_path_key', '=', pathKey)
        .executeTakeFirst();
    },

    async countByStorageConfig(storageConfigId: string): Promise<number> {
      const row = await db
        .selectFrom('mounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('storage_config_id', '=', storageConfigId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: NewMountRow): Promise<void> {
      await db.insertInto('mounts').values(row).execute();
    },

    update(id: string, changes: MountChanges): Promise<MountRow | undefined> {
      return db
        .updateTable('mounts')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('mounts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Records a use; at most one write per mount per minute (the caller throttles). */
    async touch(id: string, at: string): Promise<void> {
      await db.updateTable('mounts').set({ last_used: at }).where('id', '=', id).execute();
    },

    async markRefreshed(id: string, at: string): Promise<void> {
      await db.updateTable('mounts').set({ last_refresh: at }).where('id', '=', id).execute();
    },
  };
}

export type MountRepository = ReturnType<typeof createMountRepository>;

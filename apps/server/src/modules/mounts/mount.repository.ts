import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, MountsTable } from '../../db/schema.js';
import { isUniqueViolation, lockStorageConfig } from '../../db/sql-helpers.js';
import type { ActiveMount } from '../../vfs/mount-table.js';

export type MountRow = Selectable<MountsTable>;
export type NewMountRow = Insertable<MountsTable>;
export type MountChanges = Updateable<Omit<MountsTable, 'id' | 'created_at' | 'created_by'>>;
/** A mount with what the API shows of its storage config (null: the config is gone). */
export type DetailedMount = MountRow & {
  storage_driver: string | null;
  storage_config_name: string | null;
};
/** Why a write was not made: the path is taken, or the storage config does not exist. */
export type MountWriteRefusal = 'path_taken' | 'no_storage';

/** The mount queries (SQL stays here; the rules live in the mount service). */
export function createMountRepository(db: Kysely<Database>) {
  const detailed = () =>
    db
      .selectFrom('mounts')
      .leftJoin('storage_configs', 'storage_configs.id', 'mounts.storage_config_id')
      .selectAll('mounts')
      .select([
        'storage_configs.driver as storage_driver',
        'storage_configs.name as storage_config_name',
      ]);

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

    /**
     * Inserts a mount on an existing storage config, or says why not. The config's row is
     * locked first (a no-op update), and deleting a config locks it before counting its mounts
     * (storage-config repository), so a mount never lands on a config being deleted. A taken
     * path is refused by the unique index, which also settles concurrent creates.
     */
    async insert(row: NewMountRow): Promise<MountWriteRefusal | null> {
      try {
        return await db.transaction().execute(async (trx) => {
          if (!(await lockStorageConfig(trx, row.storage_config_id))) return 'no_storage';
          const result = await trx
            .insertInto('mounts')
            .values(row)
            .onConflict((oc) => oc.column('mount_path_key').doNothing())
            .executeTakeFirst();
          return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? null : 'path_taken';
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'path_taken';
        throw err;
      }
    },

    /** Applies changes (a new storage config is locked as on insert); undefined: no such mount. */
    async update(
      id: string,
      changes: MountChanges,
    ): Promise<MountRow | MountWriteRefusal | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const storageId = changes.storage_config_id;
          if (storageId !== undefined && !(await lockStorageConfig(trx, storageId))) {
            return 'no_storage';
          }
          return trx
            .updateTable('mounts')
            .set(changes)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst();
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'path_taken';
        throw err;
      }
    },

    /** Every mount with its storage config's driver and name, in display order. */
    listDetailed(): Promise<DetailedMount[]> {
      return detailed()
        .orderBy('mounts.sort_order')
        .orderBy('mounts.mount_path_key')
        .orderBy('mounts.id')
        .execute();
    },

    findDetailed(id: string): Promise<DetailedMount | undefined> {
      return detailed().where('mounts.id', '=', id).executeTakeFirst();
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

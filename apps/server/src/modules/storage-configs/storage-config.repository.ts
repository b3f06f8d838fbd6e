import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, StorageConfigsTable } from '../../db/schema.js';
import type { StorageConfigRow } from '../../storage/registry.js';
import { lockStorageConfig } from '../../db/sql-helpers.js';

export type { StorageConfigRow };
export type NewStorageConfigRow = Insertable<StorageConfigsTable>;

/** How much of a config files use: bytes of ready and pending files, and files of any status. */
export interface StorageConfigUsage {
  usedBytes: number;
  fileCount: number;
}

/** What still refers to a config, so deleting it would orphan something. */
export interface StorageConfigReferences {
  files: number;
  mounts: number;
}

/** Files in these states hold space on their storage (pending uploads reserve theirs). */
const SPACE_HOLDING_STATUSES = ['ready', 'pending'];

/** The queries, bound to the database or to one transaction. */
function storageConfigQueries(db: Kysely<Database>) {
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

    /** Every config, the default first, then by name. */
    list(): Promise<StorageConfigRow[]> {
      return db
        .selectFrom('storage_configs')
        .selectAll()
        .orderBy('is_default', 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute();
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

    async update(
      id: string,
      changes: Updateable<StorageConfigsTable>,
    ): Promise<StorageConfigRow | undefined> {
      return db
        .updateTable('storage_configs')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('storage_configs').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Makes `id` the only default in one statement: the old default is cleared and the new one
     * set together, so no reader ever sees two defaults or none. The caller checks `id` exists
     * (in the same transaction).
     */
    async makeDefault(id: string, now: string): Promise<void> {
      await db
        .updateTable('storage_configs')
        .set((eb) => ({
          is_default: eb.case().when('id', '=', id).then(1).else(0).end(),
          updated_at: now,
        }))
        .where((eb) => eb.or([eb('is_default', '=', 1), eb('id', '=', id)]))
        .execute();
    },

    /** Space and file counts per config id; configs without files are absent. */
    async usageByConfig(): Promise<Map<string, StorageConfigUsage>> {
      const rows = await db
        .selectFrom('files')
        .select((eb) => [
          'storage_config_id',
          eb.fn.countAll<number | string>().as('file_count'),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(
                  eb.and([
                    eb('status', 'in', SPACE_HOLDING_STATUSES),
                    eb('source_path', 'is', null),
                  ]),
                )
                .then(eb.ref('size'))
                .else(0)
                .end(),
            )
            .as('used_bytes'),
        ])
        .groupBy('storage_config_id')
        .execute();
      // PostgreSQL answers sum(bigint) as numeric, which pg hands over as a string.
      return new Map(
        rows.map((row) => [
          row.storage_config_id,
          { fileCount: Number(row.file_count), usedBytes: Number(row.used_bytes ?? 0) },
        ]),
      );
    },

    /**
     * What still refers to a config (the delete guard). Inside the delete's transaction, after
     * `lock`: a mount being created on the config is then either counted or refused.
     */
    async references(id: string): Promise<StorageConfigReferences> {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('files')
            .select((f) => f.fn.countAll<number | string>().as('n'))
            .where('storage_config_id', '=', id)
            .as('files'),
          eb
            .selectFrom('mounts')
            .select((m) => m.fn.countAll<number | string>().as('n'))
            .where('storage_config_id', '=', id)
            .as('mounts'),
        ])
        .executeTakeFirstOrThrow();
      return { files: Number(row.files), mounts: Number(row.mounts) };
    },

    /** Locks the config's row until the transaction ends; false when it does not exist. */
    lock(id: string): Promise<boolean> {
      return lockStorageConfig(db, id);
    },
  };
}

/** Queries that run together in one transaction. */
export type StorageConfigQueries = ReturnType<typeof storageConfigQueries>;

/** SQL for storage configurations. */
export function createStorageConfigRepository(db: Kysely<Database>) {
  return {
    ...storageConfigQueries(db),

    /** Runs `work` in one transaction with the queries bound to it. */
    transaction<T>(work: (queries: StorageConfigQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(storageConfigQueries(trx)));
    },
  };
}

export type StorageConfigRepository = ReturnType<typeof createStorageConfigRepository>;

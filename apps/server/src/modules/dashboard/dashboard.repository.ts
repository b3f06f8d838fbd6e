import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Rows of the dashboard's counts. */
export interface DashboardCounts {
  pastes: number;
  files: number;
  api_keys: number;
  storage_configs: number;
}

/** One storage configuration with what its files occupy. */
export interface StorageUsageRow {
  id: string;
  name: string;
  provider_type: string;
  quota_bytes: number | null;
  used_bytes: number;
  file_count: number;
}

/** How many rows were created on one UTC day (YYYY-MM-DD). */
export interface DayCountRow {
  day: string;
  n: number;
}

/** Only uploaded files are shares; pending ones are still arriving (they do reserve space). */
const READY = 'ready';

/**
 * created_at is ISO-8601 UTC text on both engines, so its first ten characters are the UTC day
 * and the same GROUP BY works everywhere (raw SQL: no parameters, so SELECT and GROUP BY are
 * the same expression on PostgreSQL).
 */
const DAY_OF_CREATED_AT = sql<string>`substr(created_at, 1, 10)`;

/** Read-only SQL behind the admin dashboard; every figure is exact (no estimates). */
export function createDashboardRepository(db: Kysely<Database>) {
  return {
    /** The four totals in one round trip. */
    async counts(): Promise<DashboardCounts> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('pastes').select(eb.fn.countAll<number>().as('n')).as('pastes'),
          eb
            .selectFrom('files')
            .select(eb.fn.countAll<number>().as('n'))
            .where('status', '=', READY)
            .as('files'),
          eb.selectFrom('api_keys').select(eb.fn.countAll<number>().as('n')).as('api_keys'),
          eb
            .selectFrom('storage_configs')
            .select(eb.fn.countAll<number>().as('n'))
            .as('storage_configs'),
        ])
        .executeTakeFirstOrThrow();
      return {
        pastes: Number(row.pastes),
        files: Number(row.files),
        api_keys: Number(row.api_keys),
        storage_configs: Number(row.storage_configs),
      };
    },

    /**
     * Every storage configuration, the default first, with the bytes of all its files (pending
     * uploads included: they reserve their size) and the number of its ready files.
     */
    async storageUsage(): Promise<StorageUsageRow[]> {
      const rows = await db
        .selectFrom('storage_configs as sc')
        .leftJoin('files as f', 'f.storage_config_id', 'sc.id')
        .select((eb) => [
          'sc.id',
          'sc.name',
          'sc.provider_type',
          'sc.quota_bytes',
          // A mount share's object belongs to the mount: it takes no space of the share's own.
          eb.fn
            .coalesce(
              eb.fn.sum<number>(
                eb.case().when('f.source_path', 'is', null).then(eb.ref('f.size')).else(0).end(),
              ),
              eb.lit(0),
            )
            .as('used_bytes'),
          eb.fn
            .count<number>(eb.case().when('f.status', '=', READY).then(1).end())
            .as('file_count'),
        ])
        .groupBy([
          'sc.id',
          'sc.name',
          'sc.provider_type',
          'sc.quota_bytes',
          'sc.is_default',
          'sc.created_at',
        ])
        .orderBy('sc.is_default', 'desc')
        .orderBy('sc.created_at')
        .orderBy('sc.id')
        .execute();
      // PostgreSQL answers sum(bigint) as numeric text and SQLite may answer bigint columns as
      // numbers; both fit a double for any real storage.
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        provider_type: row.provider_type,
        quota_bytes: row.quota_bytes === null ? null : Number(row.quota_bytes),
        used_bytes: Number(row.used_bytes),
        file_count: Number(row.file_count),
      }));
    },

    /** Pastes created per UTC day in [since, until); days without any are absent. */
    pastesPerDay(since: string, until: string): Promise<DayCountRow[]> {
      // The range on created_at uses pastes_created_idx.
      return db
        .selectFrom('pastes')
        .select((eb) => [DAY_OF_CREATED_AT.as('day'), eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', since)
        .where('created_at', '<', until)
        .groupBy(DAY_OF_CREATED_AT)
        .execute();
    },

    /** Ready files created per UTC day in [since, until); days without any are absent. */
    filesPerDay(since: string, until: string): Promise<DayCountRow[]> {
      // status = 'ready' with a created_at range uses files_status_idx (status, created_at).
      return db
        .selectFrom('files')
        .select((eb) => [DAY_OF_CREATED_AT.as('day'), eb.fn.countAll<number>().as('n')])
        .where('status', '=', READY)
        .where('created_at', '>=', since)
        .where('created_at', '<', until)
        .groupBy(DAY_OF_CREATED_AT)
        .execute();
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;

import type { Kysely, Selectable } from 'kysely';
import type { Database, UrlImportsTable } from '../../db/schema.js';

export type UrlImportRow = Selectable<UrlImportsTable>;

/** What a started import writes first. */
export type NewUrlImport = Pick<
  UrlImportRow,
  'id' | 'file_id' | 'owner' | 'secret_hash' | 'total' | 'created_at'
>;

/** How an import ended. */
export type UrlImportOutcome = Pick<
  UrlImportRow,
  'state' | 'loaded' | 'total' | 'file_detail' | 'error_code' | 'error_message'
>;

/** The progress rows of server-side URL imports (migration 0017): the only SQL of it. */
export interface UrlImportRepository {
  insert(row: NewUrlImport): Promise<void>;
  /** Moves `loaded` of a running import; an ended one keeps its final numbers. */
  progress(id: string, loaded: number, at: string): Promise<void>;
  end(id: string, outcome: UrlImportOutcome, at: string): Promise<void>;
  findById(id: string): Promise<UrlImportRow | undefined>;
  /** The newest import of a file. */
  findByFile(fileId: string): Promise<UrlImportRow | undefined>;
  /** Deletes imports that ended before `endedBefore` and running ones untouched since `staleBefore`. */
  deleteOld(endedBefore: string, staleBefore: string): Promise<number>;
}

export function createUrlImportRepository(db: Kysely<Database>): UrlImportRepository {
  return {
    async insert(row: NewUrlImport): Promise<void> {
      await db
        .insertInto('url_imports')
        .values({
          ...row,
          state: 'running',
          loaded: 0,
          file_detail: null,
          error_code: null,
          error_message: null,
          updated_at: row.created_at,
          ended_at: null,
        })
        .execute();
    },

    async progress(id: string, loaded: number, at: string): Promise<void> {
      await db
        .updateTable('url_imports')
        .set({ loaded, updated_at: at })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
    },

    async end(id: string, outcome: UrlImportOutcome, at: string): Promise<void> {
      await db
        .updateTable('url_imports')
        .set({ ...outcome, updated_at: at, ended_at: at })
        .where('id', '=', id)
        .execute();
    },

    async findById(id: string): Promise<UrlImportRow | undefined> {
      return db.selectFrom('url_imports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByFile(fileId: string): Promise<UrlImportRow | undefined> {
      return db
        .selectFrom('url_imports')
        .selectAll()
        .where('file_id', '=', fileId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async deleteOld(endedBefore: string, staleBefore: string): Promise<number> {
      const result = await db
        .deleteFrom('url_imports')
        .where((eb) =>
          eb.or([
            eb('ended_at', '<', endedBefore),
            eb.and([eb('ended_at', 'is', null), eb('updated_at', '<', staleBefore)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

import type { Kysely, Selectable } from 'kysely';
import type { ArchiveLinksTable, Database } from '../../db/schema.js';

export type ArchiveLinkRow = Selectable<ArchiveLinksTable>;

/** SQL for archive links (POST /api/fs/archive): one row per link, found by its id. */
export function createArchiveLinkRepository(db: Kysely<Database>) {
  return {
    async insert(row: ArchiveLinkRow): Promise<void> {
      await db.insertInto('archive_links').values(row).execute();
    },

    findById(id: string): Promise<ArchiveLinkRow | undefined> {
      return db.selectFrom('archive_links').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Deletes the links that expired at or before `now`; answers how many went. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db
        .deleteFrom('archive_links')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ArchiveLinkRepository = ReturnType<typeof createArchiveLinkRepository>;

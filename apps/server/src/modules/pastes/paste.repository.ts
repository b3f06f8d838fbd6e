import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PastesTable } from '../../db/schema.js';

export type PasteRow = Selectable<PastesTable>;

/** A paste without its content: what metadata reads and listings need. */
export type PasteMeta = Omit<PasteRow, 'content'>;

/** The result of trying to count one content read. */
export type ViewResult =
  | { outcome: 'ok'; content: string; views: number; maxViews: number }
  | { outcome: 'missing' | 'expired' | 'exhausted' };

/** SQL for pastes. Content is only read where a view is counted. */
export function createPasteRepository(db: Kysely<Database>) {
  const metaColumns = [
    'id',
    'slug',
    'slug_key',
    'size_bytes',
    'remark',
    'password_hash',
    'expires_at',
    'max_views',
    'views',
    'created_by',
    'created_at',
    'updated_at',
  ] as const;

  return {
    /** Inserts a paste; false when its slug (case-insensitively) is taken. */
    async insert(row: Insertable<PastesTable>): Promise<boolean> {
      const result = await db
        .insertInto('pastes')
        .values(row)
        .onConflict((oc) => oc.column('slug_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    findMetaBySlug(slug: string): Promise<PasteMeta | undefined> {
      return db
        .selectFrom('pastes')
        .select(metaColumns)
        .where('slug_key', '=', slug.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * Counts one content read with a single conditional UPDATE … RETURNING: under any number of
     * concurrent readers of a `max_views = k` paste exactly k succeed. The k-th read also wipes
     * the content, so the paste is gone (410) from then on.
     */
    async countView(id: string, now: string): Promise<ViewResult> {
      const counted = await db
        .updateTable('pastes')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .returning(['content', 'views', 'max_views'])
        .executeTakeFirst();
      if (counted) {
        if (counted.max_views > 0 && counted.views >= counted.max_views) {
          await db.updateTable('pastes').set({ content: '' }).where('id', '=', id).execute();
        }
        return {
          outcome: 'ok',
          content: counted.content,
          views: counted.views,
          maxViews: counted.max_views,
        };
      }
      const row = await db
        .selectFrom('pastes')
        .select(['expires_at', 'max_views', 'views'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return { outcome: 'missing' };
      if (row.expires_at !== null && row.expires_at <= now) return { outcome: 'expired' };
      return { outcome: 'exhausted' };
    },
  };
}

export type PasteRepository = ReturnType<typeof createPasteRepository>;

import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, PastesTable } from '../../db/schema.js';
import type { CountedRead } from '../../core/share/share-gate.js';
import * as shareSql from '../../core/share/share-table.js';
import { createWriteBatcher } from '../../lib/write-batcher.js';

export type PasteRow = Selectable<PastesTable>;

/** A paste without its content: what metadata reads and listings need. */
export type PasteMeta = Omit<PasteRow, 'content'>;

/** A listed paste: metadata plus the first characters of its content. */
export type PasteListRow = PasteMeta & { preview: string };

/** Which pastes a listing covers: all (admin) or one creator's (API key); search: slug, remark. */
export type PasteFilter = shareSql.ShareFilter;

/** The result of trying to count one content read. */
export type ViewResult = CountedRead<{ content: string; views: number; maxViews: number }>;

/** What a paste search matches. */
const SEARCHABLE = [sql<string>`lower(slug)`, sql<string>`lower(coalesce(remark, ''))`];

/** SQL for pastes. Listings read a preview of the content, never all of it. */
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

  /**
   * Inserts pastes with one multi-row statement (atomic on its own); false for each whose slug
   * is taken, by the database or by an earlier row of the same batch.
   */
  const insertMany = async (rows: readonly Insertable<PastesTable>[]): Promise<boolean[]> => {
    const inserted = await db
      .insertInto('pastes')
      .values([...rows])
      .onConflict((oc) => oc.column('slug_key').doNothing())
      .returning('id')
      .execute();
    const ids = new Set(inserted.map((row) => row.id));
    return rows.map((row) => ids.has(row.id));
  };
  // Creates arriving together share one commit: a commit costs far more than an insert.
  const insertBatched = createWriteBatcher({ writeBatch: insertMany, maxBatch: 200 });

  return {
    /** Inserts a paste; false when its slug (case-insensitively) is taken. */
    insert: (row: Insertable<PastesTable>): Promise<boolean> => insertBatched(row),

    findById(id: string, filter: PasteFilter = {}): Promise<PasteRow | undefined> {
      const query = db.selectFrom('pastes').selectAll().where('id', '=', id);
      return shareSql.whereCreatedBy(query, filter).executeTakeFirst();
    },

    /** One page, newest first, with the total matching. */
    async list(
      filter: PasteFilter,
      page: shareSql.PageRequest,
      previewLength: number,
    ): Promise<{ rows: PasteListRow[]; total: number }> {
      const base = shareSql.whereShareFilter(db.selectFrom('pastes'), filter, SEARCHABLE);
      const rows = base
        .select(metaColumns)
        .select(sql<string>`substr(content, 1, ${previewLength})`.as('preview'));
      return shareSql.newestFirstPage(base, rows, page);
    },

    /** Applies changes; 'taken' when a new slug collides, 'missing' when the paste is gone. */
    async update(
      id: string,
      changes: Updateable<PastesTable>,
      filter: PasteFilter = {},
    ): Promise<PasteRow | 'missing' | 'taken'> {
      const query = db.updateTable('pastes').set(changes).where('id', '=', id);
      return shareSql.updateShare(changes.slug_key !== undefined, () =>
        shareSql.whereCreatedBy(query, filter).returningAll().executeTakeFirst(),
      );
    },

    async deleteMany(ids: readonly string[], filter: PasteFilter = {}): Promise<number> {
      const query = db.deleteFrom('pastes').where('id', 'in', ids);
      const result = await shareSql.whereCreatedBy(query, filter).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Removes expired pastes and ones whose views are used up: one statement per partial index
     * (`pastes_expires_idx`, `pastes_limited_idx`), as an OR of the two would scan the table.
     * The conditions repeat the indexes' own (`is not null`, a literal 0) so both engines can
     * prove the index applies.
     */
    async deleteExpired(now: string): Promise<number> {
      const expired = await db
        .deleteFrom('pastes')
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      const exhausted = await db
        .deleteFrom('pastes')
        .where('max_views', '>', sql.lit(0))
        .whereRef('views', '>=', 'max_views')
        .executeTakeFirst();
      return Number(expired.numDeletedRows) + Number(exhausted.numDeletedRows);
    },

    /** A paste with its content, by slug in any case: one indexed query for a read. */
    findBySlug(slug: string): Promise<PasteRow | undefined> {
      return db
        .selectFrom('pastes')
        .selectAll()
        .where('slug_key', '=', slug.toLowerCase())
        .executeTakeFirst();
    },

    /** Adds batched view counts (unlimited pastes) in one transaction. */
    async addViews(counts: ReadonlyMap<string, number>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [id, n] of counts) {
          await trx
            .updateTable('pastes')
            .set((eb) => ({ views: eb('views', '+', n) }))
            .where('id', '=', id)
            .execute();
        }
      });
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
        .where(shareSql.countableAt(now))
        .returning(['content', 'views', 'max_views'])
        .executeTakeFirst();
      if (counted && counted.max_views > 0 && counted.views >= counted.max_views) {
        await db.updateTable('pastes').set({ content: '' }).where('id', '=', id).execute();
      }
      const values = counted && {
        content: counted.content,
        views: counted.views,
        maxViews: counted.max_views,
      };
      const current = () =>
        db
          .selectFrom('pastes')
          .select(['expires_at', 'max_views', 'views'])
          .where('id', '=', id)
          .executeTakeFirst();
      return shareSql.countedRead(values, current, now);
    },
  };
}

export type PasteRepository = ReturnType<typeof createPasteRepository>;

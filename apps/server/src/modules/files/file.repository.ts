import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, FilesTable } from '../../db/schema.js';
import type { CountedRead } from '../../core/share/share-gate.js';
import * as shareSql from '../../core/share/share-table.js';

export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;

/** Narrows management queries to an owner's files (API keys); search: slug, filename, remark. */
export type FileFilter = shareSql.ShareFilter;

/** What a counted read found: the file as it is after the count, or why it was refused. */
export type CountResult = CountedRead<{ views: number }>;

/** What a file search matches. */
const SEARCHABLE = [
  sql<string>`lower(slug)`,
  sql<string>`lower(filename)`,
  sql<string>`lower(coalesce(remark, ''))`,
];

/** storage_path begins with `prefix` (length in code points, as substr counts on both). */
const startsWith = (prefix: string) =>
  sql<boolean>`substr(storage_path, 1, ${[...prefix].length}) = ${prefix}`;

/** A place in a storage: one object key and everything beneath it ('' for the whole storage). */
export interface StoragePlace {
  storageConfigId: string;
  key: string;
}

/**
 * Places counted per statement. Each place is two arms of a UNION ALL (the key itself, the keys
 * beneath it), and SQLite allows at most 500 arms in one compound SELECT.
 */
const PLACES_PER_STATEMENT = 100;

/**
 * Keys strictly beneath `key`: `>= 'a/b/'` and `< 'a/b0'` ('0' follows '/'). A range, never
 * LIKE, so `%`, `_` and `\` in names are plain characters; byte-wise on both engines (SQLite
 * BINARY, and `storage_path` is `COLLATE "C"` on PostgreSQL since migration 0014), so the
 * (storage_config_id, storage_path) index serves it.
 */
const beneath = (key: string) => ({ lo: `${key}/`, hi: `${key}0` });

/** SQL for shared files. Only `ready` files are visible to the public side. */
export function createFileRepository(db: Kysely<Database>) {
  return {
    /** Inserts a file record; false when its slug (case-insensitively) is taken. */
    async insert(row: NewFileRow): Promise<boolean> {
      const inserted = await db
        .insertInto('files')
        .values(row)
        .onConflict((oc) => oc.column('slug_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    findById(id: string, filter: FileFilter = {}): Promise<FileRow | undefined> {
      const query = db.selectFrom('files').selectAll().where('id', '=', id);
      return shareSql.whereCreatedBy(query, filter).executeTakeFirst();
    },

    findBySlug(slug: string): Promise<FileRow | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('slug_key', '=', slug.toLowerCase())
        .where('status', '=', 'ready')
        .executeTakeFirst();
    },

    /** One page of ready files, newest first, with the total matching. */
    async list(
      filter: FileFilter,
      page: shareSql.PageRequest,
    ): Promise<{ rows: FileRow[]; total: number }> {
      const ready = db.selectFrom('files').where('status', '=', 'ready');
      const base = shareSql.whereShareFilter(ready, filter, SEARCHABLE);
      return shareSql.newestFirstPage(base, base.selectAll(), page);
    },

    /** Applies changes; 'taken' when a new slug collides, 'missing' when the file is gone. */
    async update(
      id: string,
      changes: Updateable<FilesTable>,
      filter: FileFilter = {},
    ): Promise<FileRow | 'missing' | 'taken'> {
      const query = db.updateTable('files').set(changes).where('id', '=', id);
      return shareSql.updateShare(changes.slug_key !== undefined, () =>
        shareSql.whereCreatedBy(query, filter).returningAll().executeTakeFirst(),
      );
    },

    /**
     * Marks a pending upload ready with what storage reported. Only a pending row changes, so
     * of two concurrent commits exactly one gets the row back; the other sees undefined.
     */
    markReady(
      id: string,
      changes: { size: number; etag: string; updated_at: string } & Updateable<FilesTable>,
    ): Promise<FileRow | undefined> {
      return db
        .updateTable('files')
        .set({ ...changes, status: 'ready', upload_id: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Marks the mount shares of removed objects: the keys themselves, and with `recursive`
     * every key beneath (a deleted folder). The prefix is compared with substr, which is exact
     * on both engines (a range would follow PostgreSQL's collation, LIKE SQLite's case rules);
     * the index narrows to the storage first.
     */
    async markSourcesRemoved(
      storageConfigId: string,
      removed: readonly { key: string; recursive: boolean }[],
      at: string,
    ): Promise<number> {
      if (removed.length === 0) return 0;
      const result = await db
        .updateTable('files')
        .set({ source_removed_at: at })
        .where('storage_config_id', '=', storageConfigId)
        .where('source_path', 'is not', null)
        .where('source_removed_at', 'is', null)
        .where((eb) =>
          eb.or(
            removed.flatMap(({ key, recursive }) => [
              eb('storage_path', '=', key),
              ...(recursive ? [startsWith(`${key}/`)] : []),
            ]),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * For each place, how many live shares point at its object or at objects beneath it: ready,
     * not expired, views left (the counted read's own condition) and, for a share of a mount
     * object, not seen removed. Uploaded files count too: their object is as much in a mount
     * that shows their storage. Answers one count per place, in the order given.
     */
    async countLiveShares(places: readonly StoragePlace[], now: string): Promise<number[]> {
      const counts = places.map(() => 0);
      for (let start = 0; start < places.length; start += PLACES_PER_STATEMENT) {
        const chunk = places.slice(start, start + PLACES_PER_STATEMENT);
        const arms = chunk.flatMap(({ storageConfigId, key }, offset) => {
          const live = db
            .selectFrom('files')
            .select([
              sql<number>`${sql.lit(start + offset)}`.as('place'),
              // Readiness is counted, not filtered: a WHERE on status would tie, for SQLite
              // without statistics, files_storage_idx (storage_config_id, status) with the
              // key's index, and it may pick the one that reads every file of the storage.
              sql<number | string>`count(case when status = 'ready' then 1 end)`.as('n'),
            ])
            .where('storage_config_id', '=', storageConfigId)
            .where('source_removed_at', 'is', null)
            .where(shareSql.countableAt(now));
          if (key === '') return [live];
          const { lo, hi } = beneath(key);
          return [
            live.where('storage_path', '=', key),
            live.where('storage_path', '>=', lo).where('storage_path', '<', hi),
          ];
        });
        const [first, ...rest] = arms;
        if (!first) continue;
        const rows = await rest.reduce((query, arm) => query.unionAll(arm), first).execute();
        for (const row of rows) {
          const place = Number(row.place);
          counts[place] = (counts[place] ?? 0) + Number(row.n);
        }
      }
      return counts;
    },

    /** Marks one mount share whose object was found missing or replaced when it was read. */
    async markSourceRemoved(id: string, at: string): Promise<void> {
      await db
        .updateTable('files')
        .set({ source_removed_at: at })
        .where('id', '=', id)
        .where('source_path', 'is not', null)
        .where('source_removed_at', 'is', null)
        .execute();
    },

    /** Deletes rows and returns them, so the caller can remove their stored objects. */
    async deleteMany(ids: readonly string[], filter: FileFilter = {}): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      const query = db.deleteFrom('files').where('id', 'in', ids);
      return shareSql.whereCreatedBy(query, filter).returningAll().execute();
    },

    /**
     * Counts one content read with a single conditional UPDATE: of N concurrent readers of a
     * max_views = k file exactly k succeed, on both engines.
     */
    async countView(id: string, now: string): Promise<CountResult> {
      const counted = await db
        .updateTable('files')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .where(shareSql.countableAt(now))
        .returning(['views'])
        .executeTakeFirst();
      const current = () =>
        db
          .selectFrom('files')
          .select(['expires_at', 'max_views', 'views'])
          .where('id', '=', id)
          .where('status', '=', 'ready')
          .executeTakeFirst();
      return shareSql.countedRead(counted, current, now);
    },

    /** Bytes on a storage config: ready files and the declared size of pending uploads. */
    async usedBytes(storageConfigId: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('n'))
        .where('storage_config_id', '=', storageConfigId)
        // A mount share's object belongs to the mount; its share takes no space of its own.
        .where('source_path', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Pending uploads started before `before` (abandoned), oldest first. */
    findStalePending(before: string, limit: number): Promise<FileRow[]> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /** Ready files past their expiry or out of views, oldest first. */
    findGone(now: string, limit: number): Promise<FileRow[]> {
      // One arm per partial index (`files_expires_idx`, `files_limited_idx`): an OR of the two
      // conditions would scan the table. See the pastes' deleteExpired.
      const ready = db.selectFrom('files').selectAll().where('status', '=', 'ready');
      const expired = ready.where('expires_at', 'is not', null).where('expires_at', '<=', now);
      const exhausted = ready
        .where('max_views', '>', sql.lit(0))
        .whereRef('views', '>=', 'max_views');
      return db
        .selectFrom(expired.union(exhausted).as('gone'))
        .selectAll()
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;

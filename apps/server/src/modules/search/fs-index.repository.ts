import { SEARCH_MATCHES_MAX, type DatabaseKind } from '@pasteport/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, FsCrawlStateTable, FsIndexTable } from '../../db/schema.js';

export type FsIndexRow = Omit<FsIndexTable, 'storage_config_id' | 'seen_generation'>;
export type CrawlState = FsCrawlStateTable;

/** Rows per INSERT: 10 parameters each stays far below both engines' parameter limits. */
const UPSERT_CHUNK = 500;

/**
 * Keys strictly below a folder: `key >= 'a/b/' AND key < 'a/b0'` ('0' follows '/'), a range
 * of the (storage_config_id, key) index on both engines (keys compare byte-wise). Never LIKE
 * with user text.
 */
export function keyRangeOf(folder: string): { lo: string; hi: string } {
  return { lo: `${folder}/`, hi: `${folder}0` };
}

/** `%`, `_` and `\` matched literally (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** One place of the index a caller may see: a storage, below a folder, minus nested mounts. */
export interface SearchBranch {
  storageConfigId: string;
  /** Only keys strictly below this folder ('' for the whole storage). */
  under: string;
  /** Folders shown by other (nested) mounts: neither they nor their subtrees belong here. */
  excluded: readonly string[];
}

export interface SearchQuery {
  /** The keyword, already lower-cased. */
  folded: string;
  branches: readonly SearchBranch[];
  limit: number;
  offset: number;
}

/** A hit, with the index of the branch (the mount) it was found through. */
export interface SearchHit extends FsIndexRow {
  branch: number;
}

/**
 * The search index's SQL (migration 0010): write-through upserts and removals, the crawl's
 * pages and generations, and the search itself. Substring matching uses the trigram index of
 * each engine for keywords of three characters or more; shorter ones (two: the minimum) are a
 * LIKE on the folded name within the caller's key ranges, since no trigram index can serve them.
 */
export function createFsIndexRepository(db: Kysely<Database>, kind: DatabaseKind) {
  async function upsert(
    executor: Kysely<Database>,
    storageConfigId: string,
    rows: readonly FsIndexRow[],
    generation: number,
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      const chunk = rows.slice(i, i + UPSERT_CHUNK).map((row) => ({
        ...row,
        storage_config_id: storageConfigId,
        seen_generation: generation,
      }));
      await executor
        .insertInto('fs_index')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['storage_config_id', 'key']).doUpdateSet((eb) => ({
            is_directory: eb.ref('excluded.is_directory'),
            size: eb.ref('excluded.size'),
            // A folder derived from its objects' keys knows no time: keep the one known.
            modified: eb.fn.coalesce('excluded.modified', 'fs_index.modified'),
            content_type: eb.ref('excluded.content_type'),
            seen_generation: eb.ref('excluded.seen_generation'),
          })),
        )
        .execute();
    }
  }

  async function generationOf(executor: Kysely<Database>, storageConfigId: string) {
    const row = await executor
      .selectFrom('fs_crawl_state')
      .select('generation')
      .where('storage_config_id', '=', storageConfigId)
      .executeTakeFirst();
    return row?.generation ?? 0;
  }

  return {
    /** Written entries (and the folders above them), marked as seen by the current crawl. */
    async upsert(storageConfigId: string, rows: readonly FsIndexRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await upsert(trx, storageConfigId, rows, await generationOf(trx, storageConfigId));
      });
    },

    /** Removes a key; `recursive` also everything beneath it, in the same statement. */
    async remove(storageConfigId: string, key: string, recursive: boolean): Promise<void> {
      const { lo, hi } = keyRangeOf(key);
      await db
        .deleteFrom('fs_index')
        .where('storage_config_id', '=', storageConfigId)
        .where((eb) =>
          recursive
            ? eb.or([eb('key', '=', key), eb.and([eb('key', '>=', lo), eb('key', '<', hi)])])
            : eb('key', '=', key),
        )
        .execute();
    },

    getState(storageConfigId: string): Promise<CrawlState | undefined> {
      return db
        .selectFrom('fs_crawl_state')
        .selectAll()
        .where('storage_config_id', '=', storageConfigId)
        .executeTakeFirst();
    },

    listStates(): Promise<CrawlState[]> {
      return db.selectFrom('fs_crawl_state').selectAll().orderBy('storage_config_id').execute();
    },

    /** Asks for a crawl of a storage at the next pass of the crawl job. */
    async request(storageConfigId: string, at: string): Promise<void> {
      await db
        .insertInto('fs_crawl_state')
        .values({ storage_config_id: storageConfigId, generation: 0, running: 0, requested_at: at })
        .onConflict((oc) => oc.column('storage_config_id').doUpdateSet({ requested_at: at }))
        .execute();
    },

    /** Starts a new crawl generation from the first page; answers the generation. */
    async start(storageConfigId: string, at: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const generation = (await generationOf(trx, storageConfigId)) + 1;
        const state = { generation, cursor: null, running: 1, started_at: at, requested_at: null };
        await trx
          .insertInto('fs_crawl_state')
          .values({ storage_config_id: storageConfigId, ...state })
          .onConflict((oc) => oc.column('storage_config_id').doUpdateSet(state))
          .execute();
        return generation;
      });
    },

    /** One page of the crawl and where the next starts, in one transaction (resumable). */
    async savePage(
      storageConfigId: string,
      generation: number,
      rows: readonly FsIndexRow[],
      cursor: string | null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await upsert(trx, storageConfigId, rows, generation);
        await trx
          .updateTable('fs_crawl_state')
          .set({ cursor })
          .where('storage_config_id', '=', storageConfigId)
          .execute();
      });
    },

    /**
     * Ends a crawl: rows this generation did not see were deleted behind our back. Answers how
     * many went.
     */
    async finish(storageConfigId: string, generation: number, at: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const gone = await trx
          .deleteFrom('fs_index')
          .where('storage_config_id', '=', storageConfigId)
          .where('seen_generation', '<', generation)
          .executeTakeFirst();
        await trx
          .updateTable('fs_crawl_state')
          .set({ cursor: null, running: 0, finished_at: at })
          .where('storage_config_id', '=', storageConfigId)
          .execute();
        return Number(gone.numDeletedRows);
      });
    },

    /** Forgets a storage config that no longer exists: its rows and its crawl state. */
    async dropStorage(storageConfigId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fs_index').where('storage_config_id', '=', storageConfigId).execute();
        await trx
          .deleteFrom('fs_crawl_state')
          .where('storage_config_id', '=', storageConfigId)
          .execute();
      });
    },

    /**
     * One page of hits in relevance order, and how many there are (counted up to
     * SEARCH_MATCHES_MAX; `capped` when more match). The matches read are bounded, so a
     * keyword found in most names costs what a rare one does: rank and count at most
     * SEARCH_MATCHES_MAX + 1 rows, in one pass (the count is a window over the same rows).
     */
    async search(
      query: SearchQuery,
    ): Promise<{ hits: SearchHit[]; total: number; capped: boolean }> {
      if (query.branches.length === 0) return { hits: [], total: 0, capped: false };
      const hits =
        kind === 'sqlite' && usesTrigrams(query.folded)
          ? trigramSql(query.folded, query.branches)
          : sql.join(
              query.branches.map((branch, index) => branchSql(query.folded, branch, index)),
              sql` union all `,
            );
      const matches = sql`select * from (${hits}) matched limit ${SEARCH_MATCHES_MAX + 1}`;
      const exact = query.folded;
      const prefix = `${escapeLike(query.folded)}%`;
      const page = await sql<SearchHit & { matches: number | string }>`
        select hits.*, count(*) over () as matches from (${matches}) hits
        order by
          case when name_fold = ${exact} then 0
               when name_fold like ${prefix} escape '\\' then 1
               else 2 end,
          is_directory desc, name_fold, name, key, branch
        limit ${query.limit} offset ${query.offset}`.execute(db);
      let matched = Number(page.rows[0]?.matches ?? 0);
      if (page.rows.length === 0 && query.offset > 0) {
        // Past the last page: the window saw no row, so count on its own.
        const count = await sql<{ n: number | string }>`
          select count(*) as n from (${matches}) hits`.execute(db);
        matched = Number(count.rows[0]?.n ?? 0);
      }
      return {
        hits: page.rows.map(({ matches: _matches, ...row }) => ({
          ...row,
          size: Number(row.size),
        })),
        total: Math.min(matched, SEARCH_MATCHES_MAX),
        capped: matched > SEARCH_MATCHES_MAX,
      };
    },
  };
}

const COLUMNS = sql.raw(
  'i.key, i.name, i.name_fold, i.parent_key, i.is_directory, i.size, i.modified, i.content_type',
);

/** Whether a keyword is long enough for the trigram index (three code points). */
export function usesTrigrams(folded: string): boolean {
  return [...folded].length >= 3;
}

/** What a row must satisfy to be a hit of the branch: its storage and its key ranges. */
function branchConditions(branch: SearchBranch): RawBuilder<unknown> {
  const where = [sql`i.storage_config_id = ${branch.storageConfigId}`];
  if (branch.under !== '') {
    const { lo, hi } = keyRangeOf(branch.under);
    where.push(sql`i.key >= ${lo} and i.key < ${hi}`);
  }
  for (const folder of branch.excluded) {
    const { lo, hi } = keyRangeOf(folder);
    where.push(sql`not (i.key = ${folder} or (i.key >= ${lo} and i.key < ${hi}))`);
  }
  return sql.join(where, sql` and `);
}

/**
 * The hits of one branch by `LIKE` (PostgreSQL's trigram GIN index serves it; on SQLite, a
 * two-character keyword within the branch's key range).
 */
function branchSql(folded: string, branch: SearchBranch, index: number): RawBuilder<unknown> {
  const like = sql`i.name_fold like ${`%${escapeLike(folded)}%`} escape '\\'`;
  return sql`select ${sql.lit(index)} as branch, ${COLUMNS}
    from fs_index i where ${like} and ${branchConditions(branch)}`;
}

/**
 * The hits of every branch through SQLite's FTS trigram table, in ONE pass over the keyword's
 * matches: FTS cannot filter by storage, so a query per branch would read every match once per
 * branch (an admin's global search with a mount on an empty storage read all of them for
 * nothing). The FTS table drives the loop (CROSS JOIN fixes the order); each row is read by
 * its id and paired with the branches it belongs to (a storage shown twice: two hits).
 */
function trigramSql(folded: string, branches: readonly SearchBranch[]): RawBuilder<unknown> {
  const phrase = `"${folded.replace(/"/g, '""')}"`;
  const ids = sql.join(
    branches.map((_, index) => sql`select ${sql.lit(index)} as branch`),
    sql` union all `,
  );
  const belongs = sql.join(
    branches.map(
      (branch, index) => sql`(b.branch = ${sql.lit(index)} and ${branchConditions(branch)})`,
    ),
    sql` or `,
  );
  return sql`select b.branch as branch, ${COLUMNS}
    from fs_index_fts f cross join fs_index i on i.id = f.rowid cross join (${ids}) b
    where f.name_fold match ${phrase} and (${belongs})`;
}

export type FsIndexRepository = ReturnType<typeof createFsIndexRepository>;

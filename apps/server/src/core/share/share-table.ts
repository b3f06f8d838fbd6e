import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { containsPattern, isUniqueViolation } from '../../db/sql-helpers.js';
import { refusalOf, type CountedRead, type ShareState } from './share-gate.js';

/**
 * The SQL both share tables (`pastes`, `files`) have in common: the counted read's condition
 * and outcome, the management filter and the newest-first page. Each repository keeps its own
 * statements, so every count stays one conditional UPDATE … RETURNING on its table.
 */

/** Which shares a management query covers: all (admin), or one creator's (API key). */
export interface ShareFilter {
  /** created_by values that count as this creator (`apikey:{id}` and the bare id). */
  createdBy?: readonly string[] | undefined;
  /** Matches the listed text columns, case-insensitively. */
  search?: string | undefined;
}

/** A page of a listing: how many rows, after how many. */
export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * The WHERE of a counted read at `now`: views left (or no limit) and not expired. Under any
 * number of concurrent readers of a `max_views = k` share exactly k UPDATEs match it.
 */
export function countableAt(now: string): Expression<SqlBool> {
  return sql<SqlBool>`(max_views = 0 or views < max_views) and (expires_at is null or expires_at > ${now})`;
}

/**
 * The outcome of a counted read: what the conditional UPDATE returned, or — when it matched
 * nothing — why, from the row as it is now (`current`, undefined when there is none).
 */
export async function countedRead<T>(
  counted: T | undefined,
  current: () => Promise<ShareState | undefined>,
  now: string,
): Promise<CountedRead<T>> {
  if (counted !== undefined) return { outcome: 'ok', ...counted };
  return { outcome: refusalOf(await current(), now) };
}

/** A query that takes a WHERE condition (select, update and delete builders all do). */
interface Filterable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/** Narrows a query of a share table to `filter` (see shareFilterConditions). */
export function whereShareFilter<Q extends Filterable<Q>>(
  query: Q,
  filter: ShareFilter,
  searchable: readonly Expression<string>[] = [],
): Q {
  return shareFilterConditions(filter, searchable).reduce<Q>((q, c) => q.where(c), query);
}

/** Narrows a query to the filter's creator alone (reads and writes by id never search). */
export function whereCreatedBy<Q extends Filterable<Q>>(query: Q, filter: ShareFilter): Q {
  return whereShareFilter(query, { createdBy: filter.createdBy });
}

/**
 * Runs a management update: the changed row, 'missing' when no row matched, 'taken' when a
 * new slug (`slugChanged`) collides with another share's.
 */
export async function updateShare<R>(
  slugChanged: boolean,
  run: () => Promise<R | undefined>,
): Promise<R | 'missing' | 'taken'> {
  try {
    return (await run()) ?? 'missing';
  } catch (err) {
    if (slugChanged && isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/**
 * The conditions of a filter: the creator's rows, and with a search, rows where any of the
 * `searchable` text expressions (lower-cased by the caller) contains it.
 */
function shareFilterConditions(
  filter: ShareFilter,
  searchable: readonly Expression<string>[],
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.createdBy) {
    conditions.push(sql<SqlBool>`created_by in (${sql.join(filter.createdBy)})`);
  }
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const matches = searchable.map((text) => sql<SqlBool>`${text} like ${pattern}`);
    conditions.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  return conditions;
}

/** One page of `rows`, newest first (ties by id), and the total `base` matches. */
export async function newestFirstPage<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ rows: O[]; total: number }> {
  const [list, count] = await Promise.all([
    rows
      .orderBy(sql`created_at`, 'desc')
      .orderBy(sql`id`, 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number((count as { n: number | string }).n) };
}

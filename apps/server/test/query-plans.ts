import { CompiledQuery, createQueryId, type Kysely, type KyselyPlugin } from 'kysely';

/**
 * A handle on `db` that records the SQL of every query built through it, so a test can ask
 * SQLite how it would run exactly what the code sent. Subqueries are recorded too, as they are
 * built, before the statement that contains them.
 */
export function recordingQueries<DB>(db: Kysely<DB>): {
  db: Kysely<DB>;
  queries: CompiledQuery[];
} {
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      queries.push(db.getExecutor().compileQuery(node, createQueryId()));
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  return { db: db.withPlugin(plugin), queries };
}

/** SQLite's plan for a recorded query: one line per step ("SCAN pastes", "SEARCH … USING INDEX …"). */
export async function sqlitePlan<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  // EXPLAIN takes the same parameters as the statement it explains.
  const { rows } = await db.executeQuery<{ detail: string }>({
    sql: `explain query plan ${query.sql}`,
    parameters: query.parameters,
    query: query.query,
    queryId: createQueryId(),
  });
  return rows.map((row) => row.detail);
}

/**
 * PostgreSQL's plan for a recorded query, with sequential scans priced out of reach: on a
 * test-sized table the planner would rightly scan, so this shows which index it can use.
 */
export async function postgresPlan<DB>(db: Kysely<DB>, query: CompiledQuery): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
      sql: `explain ${query.sql}`,
      parameters: query.parameters,
      query: query.query,
      queryId: createQueryId(),
    });
    return rows.map((row) => row['QUERY PLAN']);
  });
}

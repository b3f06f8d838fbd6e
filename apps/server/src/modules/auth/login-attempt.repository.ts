import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL for failed-login counters; every change is one atomic statement. */
export function createLoginAttemptRepository(db: Kysely<Database>) {
  return {
    /** The latest lock end among the scopes that are locked at `now`, if any. */
    async lockedUntil(scopes: readonly string[], now: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('login_attempts')
        .select((eb) => eb.fn.max('locked_until').as('until'))
        .where('scope', 'in', scopes)
        .where('locked_until', '>', now)
        .executeTakeFirst();
      return row?.until ?? undefined;
    },

    /**
     * Counts one failure for a scope: a window older than `windowStart` restarts at 1. Returns
     * the count after this failure, so concurrent failures each see a distinct number.
     */
    async recordFailure(scope: string, now: string, windowStart: string): Promise<number> {
      const row = await db
        .insertInto('login_attempts')
        .values({ scope, failures: 1, window_started_at: now, locked_until: null })
        .onConflict((oc) =>
          oc.column('scope').doUpdateSet({
            failures: sql<number>`case when login_attempts.window_started_at < ${windowStart} then 1 else login_attempts.failures + 1 end`,
            window_started_at: sql<string>`case when login_attempts.window_started_at < ${windowStart} then ${now} else login_attempts.window_started_at end`,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },

    async lock(scope: string, until: string): Promise<void> {
      await db
        .updateTable('login_attempts')
        .set({ locked_until: until })
        .where('scope', '=', scope)
        .execute();
    },

    async clear(scopes: readonly string[]): Promise<void> {
      await db.deleteFrom('login_attempts').where('scope', 'in', scopes).execute();
    },

    /** Drops counters whose window and lock are both over (housekeeping). */
    async deleteStale(windowStart: string, now: string): Promise<void> {
      await db
        .deleteFrom('login_attempts')
        .where('window_started_at', '<', windowStart)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .execute();
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;

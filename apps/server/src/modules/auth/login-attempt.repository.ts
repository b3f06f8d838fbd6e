import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The instants one reservation is judged by, computed once from the clock. */
export interface AttemptTimes {
  now: string;
  /** Counters whose window started before this restart at 1. */
  windowStart: string;
  /** The lock end a reservation sets when it reaches the limit. */
  lockUntil: string;
}

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
     * Reserves one attempt on a scope before its password is checked: counts it as a failure
     * unless the scope is locked, and locks the scope when this is attempt `max` of the window.
     * One upsert whose DO UPDATE only runs on an unlocked row, so the check and the count cannot
     * be split by a concurrent request on any instance (PostgreSQL evaluates the WHERE on the
     * row it has locked; SQLite runs writers one at a time). Returns false when locked.
     *
     * A window that has run out, or a lock that has ended, starts the count afresh: failures
     * never exceed `max`, so `locked_until` is set exactly when the count is at the limit.
     */
    async reserve(scope: string, max: number, at: AttemptTimes): Promise<boolean> {
      const restart = sql<boolean>`(login_attempts.window_started_at < ${at.windowStart} or login_attempts.locked_until <= ${at.now})`;
      const next = sql<number>`case when ${restart} then 1 else login_attempts.failures + 1 end`;
      const row = await db
        .insertInto('login_attempts')
        .values({
          scope,
          failures: 1,
          window_started_at: at.now,
          locked_until: max <= 1 ? at.lockUntil : null,
        })
        .onConflict((oc) =>
          oc
            .column('scope')
            .doUpdateSet({
              failures: next,
              window_started_at: sql<string>`case when ${restart} then ${at.now} else login_attempts.window_started_at end`,
              locked_until: sql<
                string | null
              >`case when ${next} >= ${max} then ${at.lockUntil} else null end`,
            })
            .where((eb) =>
              eb.or([
                eb('login_attempts.locked_until', 'is', null),
                eb('login_attempts.locked_until', '<=', at.now),
              ]),
            ),
        )
        .returning('scope')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Gives back one reservation made at `reservedAt` (the password was right, or another scope
     * refused the attempt). The count is then below the limit, so any lock goes too. A window
     * restarted since, or a counter cleared since, holds nothing of this attempt: left alone.
     */
    async release(scope: string, reservedAt: string): Promise<void> {
      await db
        .updateTable('login_attempts')
        .set({ failures: sql<number>`failures - 1`, locked_until: null })
        .where('scope', '=', scope)
        .where('window_started_at', '<=', reservedAt)
        .where('failures', '>', 0)
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

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** SQL for job leases: claiming a due job is one conditional UPDATE, so one instance wins. */
export function createJobLeaseRepository(db: Kysely<Database>) {
  return {
    async ensure(jobId: string, firstRunAt: string): Promise<void> {
      await db
        .insertInto('job_leases')
        .values({
          job_id: jobId,
          owner: null,
          lease_until: null,
          next_run_at: firstRunAt,
          last_run_at: null,
          last_error: null,
        })
        .onConflict((oc) => oc.column('job_id').doNothing())
        .execute();
    },

    /** Takes the job if it is due and nobody holds a live lease; true when this owner got it. */
    async claim(jobId: string, owner: string, now: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('job_leases')
        .set({ owner, lease_until: leaseUntil })
        .where('job_id', '=', jobId)
        .where('next_run_at', '<=', now)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async finish(
      jobId: string,
      owner: string,
      ranAt: string,
      nextRunAt: string,
      error: string | null,
    ) {
      await db
        .updateTable('job_leases')
        .set({
          owner: null,
          lease_until: null,
          last_run_at: ranAt,
          next_run_at: nextRunAt,
          last_error: error,
        })
        .where('job_id', '=', jobId)
        .where('owner', '=', owner)
        .execute();
    },
  };
}

export type JobLeaseRepository = ReturnType<typeof createJobLeaseRepository>;

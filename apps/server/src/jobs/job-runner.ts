import { randomUUID } from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { JobDefinition } from './job.js';
import type { JobLeaseRepository } from './job-lease.repository.js';

export interface JobLogger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Runs scheduled jobs on every instance, but each due run on exactly one: instances poll,
 * and the one whose conditional UPDATE claims the lease runs the job. A crashed run's lease
 * expires and the job is taken again.
 */
export function createJobRunner(deps: {
  leases: JobLeaseRepository;
  jobs: readonly JobDefinition[];
  clock: Clock;
  logger: JobLogger;
  pollMs?: number;
  /** Told of every run this instance made, once it ended (the metrics count them). */
  onRun?: (job: string, outcome: 'success' | 'failure') => void;
}) {
  const owner = randomUUID();
  const pollMs = deps.pollMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of deps.jobs) {
      const now = deps.clock.now();
      await deps.leases.ensure(job.id, now.toISOString());
      const claimed = await deps.leases.claim(
        job.id,
        owner,
        now.toISOString(),
        new Date(now.getTime() + job.leaseMs).toISOString(),
      );
      if (!claimed) continue;
      let error: string | null = null;
      try {
        const summary = await job.run();
        deps.logger.info({ job: job.id, ...summary }, 'job finished');
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
        deps.logger.error({ job: job.id, err }, 'job failed');
      }
      const done = deps.clock.now();
      await deps.leases.finish(
        job.id,
        owner,
        done.toISOString(),
        new Date(done.getTime() + job.everyMs).toISOString(),
        error,
      );
      deps.onRun?.(job.id, error === null ? 'success' : 'failure');
      ran.push(job.id);
    }
    return ran;
  }

  return {
    /** One pass over every job (tests call this directly). */
    runDue,

    start(): void {
      const tick = () => {
        running = runDue().then(
          () => undefined,
          (err: unknown) => deps.logger.error({ err }, 'job runner pass failed'),
        );
      };
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

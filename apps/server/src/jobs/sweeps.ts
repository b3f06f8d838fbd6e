import type { JobDefinition } from './job.js';

const MINUTE = 60_000;

/** A housekeeping service: deletes what has run out and answers how many went. */
export interface ExpirySweeper {
  sweepExpired(): Promise<number>;
}

/** The services the housekeeping jobs call (the composition root builds them once). */
export interface SweepServices {
  /** Expired or used-up pastes (the paste management service). */
  pastes: ExpirySweeper;
  /** Expired admin sessions (the auth service). */
  sessions: ExpirySweeper;
  /** Abandoned uploads, gone files and temp leftovers (the file sweeper); optional. */
  files?: { sweep(): Promise<Record<string, number>> };
  /** Expired archive links (the fs archive service); optional. */
  archiveLinks?: ExpirySweeper;
  /** Expired WebDAV locks (the lock manager); optional. */
  davLocks?: ExpirySweeper;
  /** Idempotency-Key claims and answers past their 24 hours (the idempotency service). */
  idempotencyKeys?: ExpirySweeper;
  /** URL import progress past its retention, or left running by a stopped instance. */
  urlImports?: ExpirySweeper;
}

/**
 * The housekeeping jobs: expired or used-up pastes, expired admin sessions, (with the file
 * sweeper) abandoned uploads, gone files and temp leftovers, expired archive links, WebDAV
 * locks, Idempotency-Key answers and URL import progress.
 */
export function sweepJobs(services: SweepServices): JobDefinition[] {
  const { pastes, sessions, files, archiveLinks, davLocks, idempotencyKeys, urlImports } = services;
  const jobs: JobDefinition[] = [
    {
      id: 'sweep-expired-pastes',
      everyMs: 5 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await pastes.sweepExpired() }),
    },
    {
      id: 'sweep-expired-sessions',
      everyMs: 60 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await sessions.sweepExpired() }),
    },
  ];
  if (files) {
    jobs.push({
      id: 'sweep-files',
      everyMs: 15 * MINUTE,
      leaseMs: 15 * MINUTE,
      run: () => files.sweep(),
    });
  }
  if (archiveLinks) {
    jobs.push({
      id: 'sweep-archive-links',
      everyMs: 15 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await archiveLinks.sweepExpired() }),
    });
  }
  if (davLocks) {
    jobs.push({
      id: 'sweep-dav-locks',
      everyMs: 15 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await davLocks.sweepExpired() }),
    });
  }
  if (idempotencyKeys) {
    // Expired keys already count as absent; this only keeps the table small.
    jobs.push({
      id: 'sweep-idempotency-keys',
      everyMs: 60 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await idempotencyKeys.sweepExpired() }),
    });
  }
  if (urlImports) {
    jobs.push({
      id: 'sweep-url-imports',
      everyMs: 15 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await urlImports.sweepExpired() }),
    });
  }
  return jobs;
}

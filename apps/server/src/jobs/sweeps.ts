import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { createSessionRepository } from '../modules/auth/session.repository.js';
import { createPasteRepository } from '../modules/pastes/paste.repository.js';
import type { JobDefinition } from './job.js';

const MINUTE = 60_000;

/** The housekeeping jobs: expired or used-up pastes, and expired admin sessions. */
export function sweepJobs(db: Kysely<Database>, clock: Clock): JobDefinition[] {
  const pastes = createPasteRepository(db);
  const sessions = createSessionRepository(db);
  return [
    {
      id: 'sweep-expired-pastes',
      everyMs: 5 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await pastes.deleteExpired(clock.now().toISOString()) }),
    },
    {
      id: 'sweep-expired-sessions',
      everyMs: 60 * MINUTE,
      leaseMs: 5 * MINUTE,
      run: async () => ({ deleted: await sessions.deleteExpired(clock.now().toISOString()) }),
    },
  ];
}

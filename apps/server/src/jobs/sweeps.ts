import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { createSessionRepository } from '../modules/auth/session.repository.js';
import { createPasteRepository } from '../modules/pastes/paste.repository.js';
import { createFileSweeper } from '../modules/files/file-sweep.js';
import { createFileRepository } from '../modules/files/file.repository.js';
import { createStorageConfigRepository } from '../modules/storage-configs/storage-config.repository.js';
import type { StorageRegistry } from '../modules/storage-configs/storage-registry.js';
import type { JobDefinition } from './job.js';

const MINUTE = 60_000;

/**
 * The housekeeping jobs: expired or used-up pastes, expired admin sessions, and (with the
 * storage registry) abandoned uploads, gone files and temp leftovers.
 */
export function sweepJobs(
  db: Kysely<Database>,
  clock: Clock,
  files?: { storage: StorageRegistry; logger: { warn(obj: object, msg: string): void } },
): JobDefinition[] {
  const pastes = createPasteRepository(db);
  const sessions = createSessionRepository(db);
  const jobs: JobDefinition[] = [
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
  if (files) {
    const configs = createStorageConfigRepository(db);
    const sweeper = createFileSweeper({
      files: createFileRepository(db),
      storage: files.storage,
      listConfigIds: async () => (await configs.list()).map((c) => c.id),
      clock,
      logger: files.logger,
    });
    jobs.push({
      id: 'sweep-files',
      everyMs: 15 * MINUTE,
      leaseMs: 15 * MINUTE,
      run: () => sweeper.sweep(),
    });
  }
  return jobs;
}

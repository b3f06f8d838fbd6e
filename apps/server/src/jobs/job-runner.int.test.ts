import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import os from 'node:os';
import { composeForTest } from '../../test/app-harness.js';
import { movableClock } from '../../test/clock.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../test/databases.js';
import type { JobDefinition } from './job.js';
import { createJobLeaseRepository } from './job-lease.repository.js';
import { createJobRunner } from './job-runner.js';
import { sweepJobs } from './sweeps.js';

const silent = { info: () => undefined, error: () => undefined };

describe.each(DATABASE_KINDS)('job runner on %s', (kind) => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await openTestDatabase(kind);
  });
  afterEach(() => testDb.cleanup());

  function counterJob(runs: { n: number }, fail = false): JobDefinition {
    return {
      id: 'count',
      everyMs: 60_000,
      leaseMs: 30_000,
      run: () => {
        runs.n++;
        return fail ? Promise.reject(new Error('boom')) : Promise.resolve({ n: runs.n });
      },
    };
  }

  it('runs a due job on exactly one of several instances, then waits for the interval', async () => {
    const clock = movableClock();
    const runs = { n: 0 };
    const instances = Array.from({ length: 4 }, () =>
      createJobRunner({
        leases: createJobLeaseRepository(testDb.handle.db),
        jobs: [counterJob(runs)],
        clock,
        logger: silent,
      }),
    );
    await Promise.all(instances.map((r) => r.runDue()));
    expect(runs.n).toBe(1);
    clock.advance(59_000);
    await Promise.all(instances.map((r) => r.runDue()));
    expect(runs.n).toBe(1);
    clock.advance(1_000);
    await Promise.all(instances.map((r) => r.runDue()));
    expect(runs.n).toBe(2);
  });

  it('records a failure and runs again at the next interval', async () => {
    const clock = movableClock();
    const runs = { n: 0 };
    const runner = createJobRunner({
      leases: createJobLeaseRepository(testDb.handle.db),
      jobs: [counterJob(runs, true)],
      clock,
      logger: silent,
    });
    await runner.runDue();
    const row = await testDb.handle.db
      .selectFrom('job_leases')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ job_id: 'count', last_error: 'boom', owner: null });
    clock.advance(60_000);
    await runner.runDue();
    expect(runs.n).toBe(2);
  });

  it('sweeps expired and used-up pastes', async () => {
    const clock = movableClock();
    const now = clock.now().toISOString();
    const paste = (expires_at: string | null, max_views: number, views: number) => ({
      id: randomUUID(),
      slug: randomUUID().slice(0, 8),
      slug_key: randomUUID().slice(0, 8),
      content: 'x',
      size_bytes: 1,
      remark: null,
      password_hash: null,
      expires_at,
      max_views,
      views,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
    await testDb.handle.db
      .insertInto('pastes')
      .values([
        paste(now, 0, 0),
        paste(null, 2, 2),
        paste(null, 0, 10),
        paste(new Date(Date.parse(now) + 1000).toISOString(), 0, 0),
      ])
      .execute();
    const root = composeForTest(testDb.handle, os.tmpdir(), { clock });
    const runner = createJobRunner({
      leases: root.jobLeases,
      // No DATA_DIR is touched: only the paste and session sweeps run.
      jobs: sweepJobs({
        pastes: root.services.pasteManagement,
        sessions: root.services.auth,
      }),
      clock,
      logger: silent,
    });
    expect(await runner.runDue()).toEqual(['sweep-expired-pastes', 'sweep-expired-sessions']);
    expect(await testDb.handle.db.selectFrom('pastes').selectAll().execute()).toHaveLength(2);
  });
});

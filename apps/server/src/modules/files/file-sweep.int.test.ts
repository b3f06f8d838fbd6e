import { randomBytes } from 'node:crypto';
import type { MultipartInitResponse, PresignResponse } from '@pasteport/contract';
import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS, openTestDatabase } from '../../../test/databases.js';
import { directUpload, givenStorage, sendSigned, STORAGE_KINDS } from '../../../test/files.js';
import { bearer, useAdminApp } from '../../../test/identity.js';
import { recordingQueries, sqlitePlan } from '../../../test/query-plans.js';
import { sweepJobs } from '../../jobs/sweeps.js';
import { createFileRepository } from './file.repository.js';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('file sweep on %s', (kind) => {
  const clock = movableClock(new Date('2026-11-23T00:00:00.000Z'));
  const admin = useAdminApp(kind, { clock });
  async function runSweep() {
    const job = sweepJobs(admin.t.root.sweeps).find((j) => j.id === 'sweep-files');
    if (!job) throw new Error('no sweep-files job');
    return job.run();
  }

  it.each(STORAGE_KINDS)(
    'removes uploads left uncommitted for 24 h, with their bytes and open multipart uploads (%s)',
    async (storageKind) => {
      const { t } = admin;
      const auth = bearer(admin.token);
      const configId = await givenStorage(t, admin.token, storageKind);
      const presign = await t.app.inject({
        method: 'POST',
        url: '/api/s3/presign',
        headers: auth,
        payload: { s3_config_id: configId, filename: 'left.bin', size: 10 },
      });
      const signed = presign.json<{ data: PresignResponse }>().data;
      await sendSigned(t, signed.upload_url, {
        method: 'PUT',
        headers: signed.upload_headers,
        body: randomBytes(10),
      });
      const init = await t.app.inject({
        method: 'POST',
        url: '/api/upload/multipart/init',
        headers: auth,
        payload: { s3_config_id: configId, filename: 'parts.bin', size: 11 * 1024 * 1024 },
      });
      const session = init.json<{ data: MultipartInitResponse }>().data;
      const driver = await t.storage.getDriver(configId);

      clock.advance(23 * HOUR);
      expect(await runSweep()).toMatchObject({ abandoned: 0 });
      expect(await driver.stat(signed.storage_path)).not.toBeNull();

      clock.advance(2 * HOUR);
      expect(await runSweep()).toMatchObject({ abandoned: 2 });
      expect(await t.database.db.selectFrom('files').selectAll().execute()).toEqual([]);
      expect(await driver.stat(signed.storage_path)).toBeNull();
      await expect(driver.listParts(session.storage_path, session.upload_id)).rejects.toMatchObject(
        {
          code: 'NOT_FOUND',
        },
      );
    },
  );

  it('removes expired and used-up files and their bytes', async () => {
    const { t } = admin;
    const auth = bearer(admin.token);
    const text = { filename: 'a.txt', type: 'text/plain', data: Buffer.from('x') };
    const expiring = await directUpload(t, auth, { expires_in: '1' }, text);
    const once = await directUpload(t, auth, { max_views: '1' }, text);
    const kept = await directUpload(t, auth, {}, text);
    expect([expiring, once, kept].map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const onceSlug = once.json<{ data: { slug: string } }>().data.slug;
    await t.app.inject({ method: 'GET', url: `/api/file-download/${onceSlug}` });
    clock.advance(HOUR + 1);
    expect(await runSweep()).toMatchObject({ gone: 2 });
    const left = await t.database.db.selectFrom('files').select('id').execute();
    expect(left.map((r) => r.id)).toEqual([kept.json<{ data: { id: string } }>().data.id]);
  });
});

/** The sweep reads only the files it may remove, through partial indexes (migration 0008). */
describe('the file sweep query on SQLite', () => {
  it('searches the partial indexes and never scans the table', async () => {
    const testDb = await openTestDatabase('sqlite');
    try {
      const { db, queries } = recordingQueries(testDb.handle.db);
      await createFileRepository(db).findGone('2026-11-23T00:00:00.000Z', 10);
      // Subqueries are recorded as they are built; the statement sent is the last one.
      const plan = await sqlitePlan(db, queries.at(-1) as CompiledQuery);
      expect(plan.filter((step) => /^SCAN files\b/.test(step))).toEqual([]);
      expect(plan).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^SEARCH files USING INDEX files_expires_idx /),
          expect.stringMatching(/^SEARCH files USING INDEX files_limited_idx /),
        ]),
      );
    } finally {
      await testDb.cleanup();
    }
  });
});

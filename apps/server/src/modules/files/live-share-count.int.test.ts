import { sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase } from '../../../test/databases.js';
import { postgresPlan, recordingQueries, sqlitePlan } from '../../../test/query-plans.js';
import { createFileRepository } from './file.repository.js';

/**
 * Counting the live shares of a path (POST /api/fs/shared, behaviour tested in
 * fs-shared-paths.int.test.ts) reads the (storage_config_id, storage_path) index on both arms:
 * the object's own key, and the byte-wise range of the keys beneath it.
 */
describe.each(DATABASE_KINDS)('the live-share count on %s', (kind) => {
  it('finds a key and the keys beneath it through the storage index', async () => {
    const testDb = await openTestDatabase(kind);
    try {
      const { db, queries } = recordingQueries(testDb.handle.db);
      await createFileRepository(db).countLiveShares(
        [{ storageConfigId: 'some-storage', key: 'docs/2026' }],
        '2026-11-23T00:00:00.000Z',
      );
      const sent = queries.at(-1) as CompiledQuery;
      if (kind === 'sqlite') {
        const plan = await sqlitePlan(db, sent);
        expect(plan.filter((step) => /^SCAN files\b/.test(step))).toEqual([]);
        const searches = plan.filter((step) => step.includes('USING INDEX files_object_idx'));
        expect(searches).toEqual([
          expect.stringContaining('storage_path=?'),
          expect.stringMatching(/storage_path>\? AND storage_path<\?/),
        ]);
        return;
      }
      // Byte-wise whatever the database's locale (migration 0014), so the range is a prefix.
      const { rows } = await sql<{ collation_name: string | null }>`
        select collation_name from information_schema.columns
        where table_name = 'files' and column_name = 'storage_path'`.execute(db);
      expect(rows).toEqual([{ collation_name: 'C' }]);
      const plan = await postgresPlan(db, sent);
      expect(plan.filter((line) => line.includes('Seq Scan'))).toEqual([]);
      expect(plan.filter((line) => line.includes('Index Cond'))).toEqual([
        expect.stringMatching(/storage_path\)::text = /),
        expect.stringMatching(/storage_path\)::text >= .*storage_path\)::text < /),
      ]);
    } finally {
      await testDb.cleanup();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../../test/databases.js';
import { recordingQueries, sqlitePlan } from '../../../test/query-plans.js';
import { createPasteRepository, type PasteRepository } from './paste.repository.js';

const NOW = '2026-06-01T12:00:00.000Z';

describe.each(DATABASE_KINDS)('paste repository on %s', (kind) => {
  let testDb: TestDatabase;
  let repo: PasteRepository;
  beforeEach(async () => {
    testDb = await openTestDatabase(kind);
    repo = createPasteRepository(testDb.handle.db);
  });
  afterEach(() => testDb.cleanup());

  async function givenPaste(
    overrides: { slug?: string; max_views?: number; expires_at?: string | null } = {},
  ) {
    const id = randomUUID();
    const slug = overrides.slug ?? `p${id.slice(0, 8)}`;
    const inserted = await repo.insert({
      id,
      slug,
      slug_key: slug.toLowerCase(),
      content: 'hello',
      size_bytes: 5,
      remark: null,
      password_hash: null,
      expires_at: overrides.expires_at ?? null,
      max_views: overrides.max_views ?? 0,
      views: 0,
      created_by: 'admin',
      created_at: NOW,
      updated_at: NOW,
    });
    return { id, slug, inserted };
  }

  it('treats slugs case-insensitively for uniqueness and lookup', async () => {
    expect((await givenPaste({ slug: 'Notes' })).inserted).toBe(true);
    expect((await givenPaste({ slug: 'notes' })).inserted).toBe(false);
    expect((await repo.findBySlug('NOTES'))?.slug).toBe('Notes');
  });

  it('gives exactly k of 200 concurrent readers the content of a max_views = k paste', async () => {
    const { id } = await givenPaste({ max_views: 5 });
    const results = await Promise.all(Array.from({ length: 200 }, () => repo.countView(id, NOW)));
    const ok = results.filter((r) => r.outcome === 'ok');
    expect(ok).toHaveLength(5);
    expect(ok.every((r) => r.outcome === 'ok' && r.content === 'hello')).toBe(true);
    expect(results.filter((r) => r.outcome === 'view_limit')).toHaveLength(195);
    const row = await testDb.handle.db
      .selectFrom('pastes')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.views).toBe(5);
    expect(row.content).toBe('');
  });

  it('counts unlimited pastes forever and refuses expired ones', async () => {
    const unlimited = await givenPaste();
    for (let i = 0; i < 3; i++)
      expect((await repo.countView(unlimited.id, NOW)).outcome).toBe('ok');
    const expired = await givenPaste({ expires_at: NOW });
    expect((await repo.countView(expired.id, NOW)).outcome).toBe('expired');
    expect((await repo.countView(randomUUID(), NOW)).outcome).toBe('missing');
  });

  it('sweeps expired and used-up pastes and keeps the rest', async () => {
    const expired = await givenPaste({ expires_at: NOW });
    const later = await givenPaste({ expires_at: '2026-06-02T00:00:00.000Z' });
    const used = await givenPaste({ max_views: 1 });
    const unlimited = await givenPaste();
    expect((await repo.countView(used.id, NOW)).outcome).toBe('ok');
    expect(await repo.deleteExpired(NOW)).toBe(2);
    const left = await testDb.handle.db.selectFrom('pastes').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([later.id, unlimited.id].sort());
    expect(expired.inserted).toBe(true);
  });
});

/** The sweep reads only the rows it may delete, through partial indexes (migration 0008). */
describe('the paste sweep on SQLite', () => {
  it('searches the partial indexes and never scans the table', async () => {
    const testDb = await openTestDatabase('sqlite');
    try {
      const { db, queries } = recordingQueries(testDb.handle.db);
      await createPasteRepository(db).deleteExpired(NOW);
      expect(queries).toHaveLength(2);
      const plans = await Promise.all(queries.map((query) => sqlitePlan(db, query)));
      expect(plans).toEqual([
        [expect.stringMatching(/^SEARCH pastes USING INDEX pastes_expires_idx /)],
        [expect.stringMatching(/^SEARCH pastes USING INDEX pastes_limited_idx /)],
      ]);
    } finally {
      await testDb.cleanup();
    }
  });
});

import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { countableAt, countedRead, updateShare, whereShareFilter } from './share-table.js';

const NOW = '2026-01-01T12:00:00.000Z';
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('countableAt', () => {
  it('matches rows with views left (or no limit) that have not expired', () => {
    const query = db.updateTable('files').set({ views: 1 }).where(countableAt(NOW)).compile();
    expect(query.sql).toContain(
      'where (max_views = 0 or views < max_views) and (expires_at is null or expires_at > ?)',
    );
    expect(query.parameters).toEqual([1, NOW]);
  });
});

describe('countedRead', () => {
  const never = () => Promise.reject(new Error('not asked'));

  it('is ok with the counted values, without reading the row again', async () => {
    expect(await countedRead({ views: 2 }, never, NOW)).toEqual({ outcome: 'ok', views: 2 });
  });

  it('says why nothing was counted from the row as it is now', async () => {
    const current = (expires_at: string | null) => () =>
      Promise.resolve({ expires_at, max_views: 1, views: 1 });
    expect(await countedRead(undefined, () => Promise.resolve(undefined), NOW)).toEqual({
      outcome: 'missing',
    });
    expect(await countedRead(undefined, current(NOW), NOW)).toEqual({ outcome: 'expired' });
    expect(await countedRead(undefined, current(null), NOW)).toEqual({ outcome: 'view_limit' });
  });
});

describe('whereShareFilter', () => {
  const searchable = [sql<string>`lower(slug)`, sql<string>`lower(filename)`];

  it('adds nothing for an empty filter', () => {
    const query = whereShareFilter(db.selectFrom('files').selectAll(), {}, searchable).compile();
    expect(query.sql).toBe('select * from "files"');
  });

  it("narrows to the creator's rows and to rows where any column contains the search", () => {
    const filter = { createdBy: ['apikey:1', '1'], search: '50%_a' };
    const query = whereShareFilter(db.selectFrom('files').selectAll(), filter, searchable);
    const compiled = query.compile();
    expect(compiled.sql).toBe(
      `select * from "files" where created_by in (?, ?) and (lower(slug) like ? escape '\\' or lower(filename) like ? escape '\\')`,
    );
    expect(compiled.parameters).toEqual(['apikey:1', '1', '%50\\%\\_a%', '%50\\%\\_a%']);
  });
});

describe('updateShare', () => {
  const unique = Object.assign(new Error('UNIQUE constraint failed'), {
    code: 'SQLITE_CONSTRAINT_UNIQUE',
  });

  it('returns the changed row, or missing when none matched', async () => {
    expect(await updateShare(false, () => Promise.resolve({ id: 'a' }))).toEqual({ id: 'a' });
    expect(await updateShare(false, () => Promise.resolve(undefined))).toBe('missing');
  });

  it('answers taken for a slug collision, and rethrows any other failure', async () => {
    expect(await updateShare(true, () => Promise.reject(unique))).toBe('taken');
    await expect(updateShare(false, () => Promise.reject(unique))).rejects.toBe(unique);
  });
});

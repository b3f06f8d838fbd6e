import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let testDb: TestDatabase;
  afterEach(() => testDb.cleanup());

  it('applies every migration once, in order, and is a no-op the second time', async () => {
    testDb = await openTestDatabase(kind, { migrate: false });
    const first = await migrateToLatest(testDb.handle.db);
    expect(first).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(testDb.handle.db)).toEqual([]);
  });

  it('creates the foundation tables', async () => {
    testDb = await openTestDatabase(kind);
    const tables = await testDb.handle.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['settings', 'storage_configs']));
    const storage = tables.find((t) => t.name === 'storage_configs');
    expect(storage?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['id', 'driver', 'options', 'is_default', 'quota_bytes']),
    );
  });

  it('answers the health ping', async () => {
    testDb = await openTestDatabase(kind);
    await expect(testDb.handle.ping()).resolves.toBeUndefined();
    const row = await sql<{ n: number }>`select 1 as n`.execute(testDb.handle.db);
    expect(Number(row.rows[0]?.n)).toBe(1);
  });
});

describe('SQLite connection settings', () => {
  it('turns on WAL, a busy timeout and foreign keys', async () => {
    const testDb = await openTestDatabase('sqlite');
    try {
      const pragma = async (name: string) =>
        (await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(testDb.handle.db))
          .rows[0];
      expect(Object.values((await pragma('journal_mode')) ?? {})).toEqual(['wal']);
      expect(Object.values((await pragma('busy_timeout')) ?? {})).toEqual([5000]);
      expect(Object.values((await pragma('foreign_keys')) ?? {})).toEqual([1]);
    } finally {
      await testDb.cleanup();
    }
  });
});

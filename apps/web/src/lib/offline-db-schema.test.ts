import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineDb, getOfflineDb, OFFLINE_DB_NAME, OFFLINE_DB_VERSION } from './offline-db';
import {
  declareOfflineSchema,
  FIRST_SCHEMA,
  SCHEMA_STEPS,
  UNKNOWN_OWNER,
  type SchemaStep,
} from './offline-db-schema';

afterEach(async () => {
  await deleteOfflineDb();
});

/** Opens the database as the app shipped it at version 1 and writes what a device may hold. */
async function givenVersionOneDatabase() {
  const v1 = new Dexie(OFFLINE_DB_NAME);
  v1.version(1).stores(FIRST_SCHEMA);
  await v1.table('pastes').put({ slug: 'notes', data: { content: 'kept' }, cachedAt: 1_000 });
  await v1.table('files').put({ slug: 'report', data: { filename: 'a.txt' } });
  await v1.table('searchHistory').put({ query: 'invoice', timestamp: 5 });
  await v1.table('settings').put({ key: 'theme', value: 'dark' });
  await v1.table('offlineQueue').add({
    type: 'paste',
    endpoint: '/api/paste',
    method: 'POST',
    data: { content: 'queued' },
    timestamp: 7,
    status: 'pending',
  });
  expect(v1.verno).toBe(1);
  v1.close();
}

describe('offline database schema', () => {
  it('keeps version 1 exactly as it shipped (a landed version is never edited)', () => {
    expect(FIRST_SCHEMA).toEqual({
      pastes: '&slug',
      files: '&slug',
      directories: '&path',
      settings: '&key',
      offlineQueue: '++id, type, status, timestamp',
      searchHistory: '&query, timestamp',
    });
  });

  it('upgrades a version 1 database with data by migrating it, not wiping it', async () => {
    await givenVersionOneDatabase();
    const db = getOfflineDb();
    await db.open();
    expect(db.verno).toBe(OFFLINE_DB_VERSION);

    // Everything is still there, searches and settings as they were.
    expect(await db.searchHistory.toArray()).toEqual([{ query: 'invoice', timestamp: 5 }]);
    expect(await db.settings.get('theme')).toEqual({ key: 'theme', value: 'dark' });
    const queued = await db.offlineQueue.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ endpoint: '/api/paste', data: { content: 'queued' } });

    // Copies kept before owners existed belong to no identity (never shown), findable by the
    // new indexes so the sweep and "forget" reach them; one without a date is due at once.
    expect(await db.pastes.get('notes')).toEqual({
      slug: 'notes',
      data: { content: 'kept' },
      cachedAt: 1_000,
      owner: UNKNOWN_OWNER,
    });
    expect(await db.files.get('report')).toMatchObject({ owner: UNKNOWN_OWNER, cachedAt: 0 });
    expect(await db.pastes.where('owner').equals(UNKNOWN_OWNER).count()).toBe(1);
    expect(await db.files.where('cachedAt').belowOrEqual(0).count()).toBe(1);
  });

  it('moves to a newer app version without a schema change, keeping the data', async () => {
    const current = new Dexie(OFFLINE_DB_NAME);
    declareOfflineSchema(current, '0.7.0');
    await current.table('pastes').put({ slug: 'notes', owner: 'guest@/api', cachedAt: 1, data: 1 });
    current.close();

    const next = new Dexie(OFFLINE_DB_NAME);
    expect(declareOfflineSchema(next, '0.8.2')).toBe(802);
    await next.open();
    expect(next.verno).toBe(802);
    expect(await next.table('pastes').where('owner').equals('guest@/api').count()).toBe(1);
    next.close();
  });

  it('runs a later step’s upgrade over the data of an earlier one', async () => {
    const step: SchemaStep = {
      appVersion: '0.9.0',
      stores: { directories: '&path, owner, cachedAt, mountId' },
      upgrade: async (transaction) => {
        await transaction
          .table('directories')
          .toCollection()
          .modify((copy: Record<string, unknown>) => {
            copy.mountId = 'm1';
          });
      },
    };
    const before = new Dexie(OFFLINE_DB_NAME);
    declareOfflineSchema(before, '0.7.0');
    await before.table('directories').put({ path: '/team', owner: 'o', cachedAt: 1, data: [] });
    before.close();

    const after = new Dexie(OFFLINE_DB_NAME);
    declareOfflineSchema(after, '0.9.0', [...SCHEMA_STEPS, step]);
    expect(await after.table('directories').where('mountId').equals('m1').count()).toBe(1);
    after.close();
  });

  it('refuses steps out of order or newer than the app', () => {
    const step = (appVersion: string): SchemaStep => ({ appVersion, stores: {} });
    expect(() =>
      declareOfflineSchema(new Dexie('a'), '0.9.0', [step('0.8.0'), step('0.7.0')]),
    ).toThrow(/not after/);
    expect(() => declareOfflineSchema(new Dexie('b'), '0.7.0', [step('0.8.0')])).toThrow(/newer/);
    expect(() => declareOfflineSchema(new Dexie('c'), '0.7.0', [step('0.0.1')])).toThrow(
      /not after/,
    );
  });
});

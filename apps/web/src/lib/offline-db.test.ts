import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@pasteport/contract/plain';
import {
  deleteOfflineDb,
  getOfflineDb,
  OFFLINE_DB_NAME,
  OFFLINE_DB_VERSION,
  offlineDbExists,
} from './offline-db';
import { databaseVersionOf } from './offline-db-version';

afterEach(async () => {
  await deleteOfflineDb();
});

describe('offline database', () => {
  it('is one database named pasteport, made once and only when asked for', () => {
    const db = getOfflineDb();
    expect(db.name).toBe(OFFLINE_DB_NAME);
    expect(OFFLINE_DB_NAME).toBe('pasteport');
    expect(getOfflineDb()).toBe(db);
    // Nothing is opened before the first operation.
    expect(db.isOpen()).toBe(false);
  });

  it('has the SPEC §3 stores with owner and age indexes, at the version of the app', async () => {
    const db = getOfflineDb();
    await db.open();
    expect(OFFLINE_DB_VERSION).toBe(databaseVersionOf(APP_VERSION));
    expect(db.verno).toBe(OFFLINE_DB_VERSION);
    const schema = Object.fromEntries(
      db.tables.map((table) => [
        table.name,
        {
          // A primary key is unique by itself: Dexie keeps '&slug' as the key path 'slug'.
          key: `${table.schema.primKey.auto ? '++' : ''}${String(table.schema.primKey.keyPath)}`,
          indexes: table.schema.indexes.map((index) => index.src).sort(),
        },
      ]),
    );
    expect(schema).toEqual({
      pastes: { key: 'slug', indexes: ['cachedAt', 'owner', 'shareExpiresAt'] },
      files: { key: 'slug', indexes: ['cachedAt', 'owner', 'shareExpiresAt'] },
      directories: { key: 'path', indexes: ['cachedAt', 'owner'] },
      settings: { key: 'key', indexes: [] },
      offlineQueue: { key: '++id', indexes: ['owner', 'status', 'timestamp', 'type'] },
      searchHistory: { key: 'query', indexes: ['timestamp'] },
    });
  });

  it('numbers queued operations itself and finds them by status', async () => {
    const db = getOfflineDb();
    // Dexie writes the new id into the object it adds: each add gets its own.
    const entry = () => ({
      type: 'paste',
      endpoint: '/api/paste',
      method: 'POST',
      data: { content: 'hi' },
      timestamp: 1,
      status: 'pending' as const,
    });
    const first = await db.offlineQueue.add(entry());
    const second = await db.offlineQueue.add({ ...entry(), status: 'failed' });
    expect(second).toBeGreaterThan(first);
    const pending = await db.offlineQueue.where('status').equals('pending').toArray();
    expect(pending.map((item) => item.id)).toEqual([first]);
  });

  it('starts empty again after it is deleted', async () => {
    await getOfflineDb().settings.put({ key: 'theme', value: 'dark' });
    await deleteOfflineDb();
    expect(await getOfflineDb().settings.count()).toBe(0);
  });

  it('tells whether this device has the database, without making one', async () => {
    expect(await offlineDbExists()).toBe(false);
    // Asking did not create it.
    expect(await offlineDbExists()).toBe(false);
    await getOfflineDb().settings.put({ key: 'theme', value: 'dark' });
    expect(await offlineDbExists()).toBe(true);
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, givenCopy } from '../../test/kits/offline-kit';
import { deleteOfflineDb, getOfflineDb, offlineDbExists } from '../offline-db';
import {
  countQueuedOperations,
  forgetAllOfflineData,
  forgetOwner,
  sweepExpiredCopies,
} from './upkeep';

afterEach(async () => {
  await deleteOfflineDb();
});

const NOW = Date.UTC(2030, 0, 8);
const ADMIN = 'admin@/api';
const GUEST = 'guest@/api';

async function keys(store: 'pastes' | 'files' | 'directories') {
  return (await getOfflineDb().table(store).toCollection().primaryKeys()).sort();
}

function queueItem(owner?: string) {
  return {
    type: 'paste',
    endpoint: '/api/paste',
    method: 'POST',
    data: { content: 'queued' },
    timestamp: 1,
    status: 'pending' as const,
    ...(owner ? { owner } : {}),
  };
}

describe('sweepExpiredCopies', () => {
  it('drops copies 7 days old or more, dated in the future, or of an expired share', async () => {
    await givenCopy('pastes', 'fresh', { owner: GUEST, data: 1, cachedAt: NOW - 7 * DAY_MS + 1 });
    await givenCopy('pastes', 'old', { owner: GUEST, data: 1, cachedAt: NOW - 7 * DAY_MS });
    await givenCopy('pastes', 'ended', {
      owner: GUEST,
      data: 1,
      cachedAt: NOW - DAY_MS,
      shareExpiresAt: NOW,
    });
    await givenCopy('files', 'future', { owner: GUEST, data: 1, cachedAt: NOW + 1 });
    await givenCopy('files', 'lasting', {
      owner: GUEST,
      data: 1,
      cachedAt: NOW,
      shareExpiresAt: NOW + 1,
    });
    await givenCopy('directories', '/old', { owner: ADMIN, data: [], cachedAt: NOW - 8 * DAY_MS });
    await givenCopy('directories', '/new', { owner: ADMIN, data: [], cachedAt: NOW });

    expect(await sweepExpiredCopies(NOW)).toBe(4);
    expect(await keys('pastes')).toEqual(['fresh']);
    expect(await keys('files')).toEqual(['lasting']);
    expect(await keys('directories')).toEqual(['/new']);
  });

  it('does not create the database on a device that never kept anything', async () => {
    expect(await sweepExpiredCopies(NOW)).toBe(0);
    expect(await offlineDbExists()).toBe(false);
  });
});

describe('forgetOwner', () => {
  it('removes the copies, queued operations and searches of that identity only', async () => {
    const db = getOfflineDb();
    await givenCopy('pastes', 'mine', { owner: ADMIN, data: 1 });
    await givenCopy('pastes', 'theirs', { owner: GUEST, data: 1 });
    await givenCopy('files', 'mine', { owner: ADMIN, data: 1 });
    await givenCopy('directories', '/team', { owner: ADMIN, data: [] });
    await db.offlineQueue.bulkAdd([queueItem(ADMIN), queueItem(GUEST), queueItem()]);
    await db.searchHistory.put({ query: 'invoice', timestamp: 1 });
    await db.settings.put({ key: 'theme', value: 'dark' });

    await forgetOwner(ADMIN);

    expect(await keys('pastes')).toEqual(['theirs']);
    expect(await keys('files')).toEqual([]);
    expect(await keys('directories')).toEqual([]);
    const queued = await db.offlineQueue.toArray();
    expect(queued.map((item) => item.owner)).toEqual([GUEST, undefined]);
    expect(await db.searchHistory.count()).toBe(0);
    expect(await db.settings.count()).toBe(1);
  });
});

describe('forgetAllOfflineData', () => {
  it('clears every copy, the search history and the queue, keeping the settings', async () => {
    const db = getOfflineDb();
    await givenCopy('pastes', 'notes', { owner: GUEST, data: 1 });
    await givenCopy('files', 'report', { owner: ADMIN, data: 1 });
    await givenCopy('directories', '/team', { owner: ADMIN, data: [] });
    await db.offlineQueue.bulkAdd([queueItem(ADMIN), queueItem()]);
    await db.searchHistory.put({ query: 'invoice', timestamp: 1 });
    await db.settings.put({ key: 'theme', value: 'dark' });
    expect(await countQueuedOperations()).toBe(2);

    await forgetAllOfflineData();

    for (const table of [db.pastes, db.files, db.directories, db.searchHistory, db.offlineQueue]) {
      expect(await table.count(), table.name).toBe(0);
    }
    expect(await countQueuedOperations()).toBe(0);
    expect(await db.settings.get('theme')).toEqual({ key: 'theme', value: 'dark' });
  });
});

import 'fake-indexeddb/auto';
import { OFFLINE_CACHE_TTL_MS } from '@pasteport/contract/plain';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, givenCopy, storedCopy } from '../../test/kits/offline-kit';
import { deleteOfflineDb, getOfflineDb } from '../offline-db';
import { dropCopy, keepCopy, readCopy, reviseCopy } from './copies';
import { isFreshCopy } from './freshness';

afterEach(async () => {
  await deleteOfflineDb();
});

const T0 = Date.UTC(2030, 0, 1);
const ALICE = 'key:1@/api';
const BOB = 'key:2@/api';

describe('isFreshCopy', () => {
  it('is fresh for 7 days (SPEC §9) and not a millisecond longer', () => {
    expect(OFFLINE_CACHE_TTL_MS).toBe(7 * DAY_MS);
    expect(isFreshCopy({ cachedAt: T0 }, T0)).toBe(true);
    expect(isFreshCopy({ cachedAt: T0 }, T0 + 7 * DAY_MS - 1)).toBe(true);
    expect(isFreshCopy({ cachedAt: T0 }, T0 + 7 * DAY_MS)).toBe(false);
  });

  it('is not fresh when dated in the future (the clock was turned back)', () => {
    expect(isFreshCopy({ cachedAt: T0 + 1 }, T0)).toBe(false);
  });

  it('ends with the share itself', () => {
    expect(isFreshCopy({ cachedAt: T0, shareExpiresAt: T0 + 1000 }, T0 + 999)).toBe(true);
    expect(isFreshCopy({ cachedAt: T0, shareExpiresAt: T0 + 1000 }, T0 + 1000)).toBe(false);
  });
});

describe('copies', () => {
  it('keeps an answer for its owner, dated, and reads it back only for that owner', async () => {
    await keepCopy('pastes', 'notes', { owner: ALICE, data: { content: 'hi' } }, T0);
    expect(await storedCopy('pastes', 'notes')).toEqual({
      slug: 'notes',
      owner: ALICE,
      cachedAt: T0,
      data: { content: 'hi' },
    });
    expect(await readCopy('pastes', 'notes', ALICE, T0 + DAY_MS)).toEqual({
      data: { content: 'hi' },
      cachedAt: T0,
    });
    expect(await readCopy('pastes', 'notes', BOB, T0 + DAY_MS)).toBeUndefined();
    // Another owner's copy is not theirs to delete either.
    expect(await storedCopy('pastes', 'notes')).toBeDefined();
  });

  it('never reads a copy 7 days old, and drops it on the way', async () => {
    await keepCopy('files', 'report', { owner: ALICE, data: 1 }, T0);
    expect(await readCopy('files', 'report', ALICE, T0 + 7 * DAY_MS - 1)).toBeDefined();
    expect(await readCopy('files', 'report', ALICE, T0 + 7 * DAY_MS)).toBeUndefined();
    expect(await storedCopy('files', 'report')).toBeUndefined();
  });

  it('never reads the copy of a share that has expired', async () => {
    const copy = { owner: ALICE, data: 1, shareExpiresAt: T0 + 60_000 };
    await keepCopy('pastes', 'notes', copy, T0);
    expect(await readCopy('pastes', 'notes', ALICE, T0 + 60_000)).toBeUndefined();
    expect(await storedCopy('pastes', 'notes')).toBeUndefined();
  });

  it('replaces a copy when the same key is kept again, with the new date', async () => {
    await keepCopy('directories', '/team', { owner: ALICE, data: ['old'] }, T0);
    await keepCopy('directories', '/team', { owner: BOB, data: ['new'] }, T0 + 5);
    expect(await storedCopy('directories', '/team')).toEqual({
      path: '/team',
      owner: BOB,
      cachedAt: T0 + 5,
      data: ['new'],
    });
    expect(await getOfflineDb().directories.count()).toBe(1);
  });

  it('revises a copy from the kept one, or leaves it when told nothing', async () => {
    await givenCopy('directories', '/team', { owner: ALICE, data: [1], cachedAt: T0 });
    await reviseCopy('directories', '/team', (kept) =>
      kept ? { ...kept, data: [...(kept.data as number[]), 2] } : undefined,
    );
    await reviseCopy('directories', '/team', () => undefined);
    expect(await storedCopy('directories', '/team')).toMatchObject({ data: [1, 2], cachedAt: T0 });
  });

  it('drops a copy', async () => {
    await givenCopy('pastes', 'notes', { owner: ALICE, data: 1 });
    await dropCopy('pastes', 'notes');
    expect(await storedCopy('pastes', 'notes')).toBeUndefined();
  });
});

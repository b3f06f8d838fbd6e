import { OFFLINE_CACHE_TTL_MS } from '@pasteport/contract/plain';
import { getOfflineDb, offlineDbExists } from '../offline-db';

/*
 * Keeping the offline database to what it may hold: nothing older than SPEC §9's 7 days,
 * nothing of an identity that signed out, nothing at all once the person says "forget".
 * These reject when IndexedDB does; callers that must not fail catch that. The sweep and the
 * identity upkeep leave a device without the database alone rather than create it.
 */

/**
 * Deletes every copy that may no longer be shown at `now`: kept OFFLINE_CACHE_TTL_MS ago or
 * more, dated in the future (the clock was turned back), or of a share that has expired.
 * Returns how many went.
 */
export async function sweepExpiredCopies(now: number = Date.now()): Promise<number> {
  if (!(await offlineDbExists())) return 0;
  const db = getOfflineDb();
  const tooOld = now - OFFLINE_CACHE_TTL_MS;
  let removed = 0;
  await db.transaction('rw', [db.pastes, db.files, db.directories], async () => {
    for (const table of [db.pastes, db.files, db.directories]) {
      removed += await table.where('cachedAt').belowOrEqual(tooOld).delete();
      removed += await table.where('cachedAt').above(now).delete();
    }
    for (const table of [db.pastes, db.files]) {
      removed += await table.where('shareExpiresAt').belowOrEqual(now).delete();
    }
  });
  return removed;
}

/**
 * Forgets what belonged to `owner` once that identity is gone from this device (sign-out, or
 * another sign-in): its copies, its queued operations, and the search history, which only ever
 * holds the searches of whoever is signed in (the explorer needs a sign-in). `keepQueue` when
 * the session ended by itself (expired, key revoked): the queue waits for the same identity
 * to sign in again (SPEC: a 401 during replay keeps the queue).
 */
export async function forgetOwner(
  owner: string,
  { keepQueue = false }: { keepQueue?: boolean } = {},
): Promise<void> {
  if (!(await offlineDbExists())) return;
  const db = getOfflineDb();
  const stores = [db.pastes, db.files, db.directories, db.offlineQueue, db.searchHistory];
  await db.transaction('rw', stores, async () => {
    for (const table of [db.pastes, db.files, db.directories]) {
      await table.where('owner').equals(owner).delete();
    }
    if (!keepQueue) await db.offlineQueue.where('owner').equals(owner).delete();
    await db.searchHistory.clear();
  });
}

/**
 * "Forget offline data": every copy, the search history and the queued operations not yet
 * sent. Settings of this device stay.
 */
export async function forgetAllOfflineData(): Promise<void> {
  const db = getOfflineDb();
  const stores = [db.pastes, db.files, db.directories, db.searchHistory, db.offlineQueue];
  await db.transaction('rw', stores, async () => {
    for (const table of stores) await table.clear();
  });
}

/** How many operations done offline wait to be sent (the forget dialog says they would go). */
export function countQueuedOperations(): Promise<number> {
  return getOfflineDb().offlineQueue.count();
}

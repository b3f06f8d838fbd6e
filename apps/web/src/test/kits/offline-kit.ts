import { waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import { NO_SESSION } from '../../lib/auth';
import { offlineOwnerOf } from '../../lib/offline-copies';
import { getOfflineDb } from '../../lib/offline-db';

/*
 * Offline copies in tests: import 'fake-indexeddb/auto' first in the test file, and delete the
 * database after each test (deleteOfflineDb from lib/offline-db).
 */

export const DAY_MS = 86_400_000;

/** The stores of copies. */
export type CopyStoreName = 'pastes' | 'files' | 'directories';

/** The owner of what a signed-out visitor reads, on the API the tests use. */
export const guestOwner = () => offlineOwnerOf(NO_SESSION);

/** Stores a copy as an earlier visit would have left it; `cachedAt` defaults to now. */
export async function givenCopy(
  store: CopyStoreName,
  key: string,
  copy: { owner: string; data: unknown; cachedAt?: number; shareExpiresAt?: number },
): Promise<void> {
  const keyField = store === 'directories' ? 'path' : 'slug';
  await getOfflineDb()
    .table(store)
    .put({ cachedAt: Date.now(), ...copy, [keyField]: key });
}

/** The record a store holds under `key`, as stored (undefined when none). */
export function storedCopy(store: CopyStoreName, key: string): Promise<Record<string, unknown>> {
  return getOfflineDb().table(store).get(key) as Promise<Record<string, unknown>>;
}

/** Waits until the store holds a record under `key` (a page keeps its copy after showing). */
export async function waitForCopy(
  store: CopyStoreName,
  key: string,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await waitFor(async () => {
    found = await storedCopy(store, key);
    expect(found, `${store}/${key}`).toBeDefined();
  });
  return found as Record<string, unknown>;
}

/** The browser reports no connection (navigator.onLine false) until the test ends. */
export function goOffline(): void {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onTestFinished(() => onLine.mockRestore());
}

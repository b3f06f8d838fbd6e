import { offlineDbMayExist } from '../offline-db-exists';
import type * as Store from './store';

/*
 * The offline copies' database calls, each loading the Dexie-bound half (store.ts) on first
 * use: the shell and the pages that keep copies do not carry the database library, and a page
 * shows its answer before the library arrives. Keeping, reading and dropping a copy never
 * fail (a convenience must not break the page); the upkeep calls reject as the database does.
 */

type StoreModule = typeof Store;

const loadStore = (): Promise<StoreModule> => import('./store');

async function softly<T>(operation: (store: StoreModule) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await operation(await loadStore());
  } catch {
    return fallback;
  }
}

/** See copies.ts keepCopy. */
export const keepCopy = (...args: Parameters<StoreModule['keepCopy']>): Promise<void> =>
  softly((store) => store.keepCopy(...args), undefined);

/** See copies.ts reviseCopy. */
export const reviseCopy = (...args: Parameters<StoreModule['reviseCopy']>): Promise<void> =>
  softly((store) => store.reviseCopy(...args), undefined);

/** See copies.ts readCopy. */
export const readCopy = (
  ...args: Parameters<StoreModule['readCopy']>
): ReturnType<StoreModule['readCopy']> => softly((store) => store.readCopy(...args), undefined);

/** See copies.ts dropCopy. */
export const dropCopy = (...args: Parameters<StoreModule['dropCopy']>): Promise<void> =>
  softly((store) => store.dropCopy(...args), undefined);

/** See upkeep.ts sweepExpiredCopies. */
export const sweepExpiredCopies = async (now?: number): Promise<number> =>
  // Checked before loading the store: a device without the database loads no Dexie for this.
  (await offlineDbMayExist()) ? (await loadStore()).sweepExpiredCopies(now) : 0;

/** See upkeep.ts forgetOwner. */
export const forgetOwner = async (
  owner: string,
  options?: { keepQueue?: boolean },
): Promise<void> => {
  if (await offlineDbMayExist()) await (await loadStore()).forgetOwner(owner, options);
};

/** See upkeep.ts forgetAllOfflineData. */
export const forgetAllOfflineData = async (): Promise<void> =>
  (await loadStore()).forgetAllOfflineData();

/** See upkeep.ts countQueuedOperations. */
export const countQueuedOperations = async (): Promise<number> =>
  (await loadStore()).countQueuedOperations();

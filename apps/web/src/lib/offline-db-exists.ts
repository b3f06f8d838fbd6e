/** The IndexedDB database's name (lib/offline-db.ts opens it with Dexie). */
export const OFFLINE_DB_NAME = 'pasteport';

/**
 * Whether this device may have the offline database, asked of the browser without loading
 * Dexie: a first visit has none, and the upkeep must then load nothing (30 kB of database
 * library). Where the browser cannot list its databases, the answer is yes.
 */
export async function offlineDbMayExist(): Promise<boolean> {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (!factory) return false;
  if (typeof factory.databases !== 'function') return true;
  try {
    const databases = await factory.databases();
    return databases.some((database) => database.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}

import { APP_VERSION } from '@pasteport/contract/plain';
import { OFFLINE_DB_NAME, offlineDbMayExist } from './offline-db-exists';
import { Dexie, type EntityTable } from 'dexie';
import { declareOfflineSchema } from './offline-db-schema';
import { databaseVersionOf } from './offline-db-version';

/*
 * The local offline database (SPEC §3 "Local offline database"): one IndexedDB database with
 * a store per kind of thing kept on this device. Its schema and versions live in
 * offline-db-schema.ts; the copies kept for reading offline are written and read through
 * lib/offline-copies; the queue replayed when the connection returns uses offlineQueue.
 */

/** The IndexedDB database's name. */
export { OFFLINE_DB_NAME };

/**
 * What every copy kept for reading offline carries. `data` is the API's answer as it was;
 * readers check it against the contract again (a copy may predate a change of the answer).
 */
export interface OfflineCopy {
  /** The identity the answer was given to (lib/offline-copies/owner.ts); only it is shown it. */
  owner: string;
  /** When it was stored (epoch ms); it is dropped OFFLINE_CACHE_TTL_MS later. */
  cachedAt: number;
  data: unknown;
}

/** A paste kept for reading offline (its GET /paste/{slug} answer). */
export interface OfflinePaste extends OfflineCopy {
  slug: string;
  /** When the paste itself expires (epoch ms), if it does: the copy goes then too. */
  shareExpiresAt?: number;
}

/** A file share's details kept for reading offline (its GET /public/files/{slug} answer). */
export interface OfflineFile extends OfflineCopy {
  slug: string;
  /** When the share itself expires (epoch ms), if it does: the copy goes then too. */
  shareExpiresAt?: number;
}

/** A mount folder's listing kept for browsing offline: its GET /fs/list pages, in order. */
export interface OfflineDirectory extends OfflineCopy {
  path: string;
}

/** One setting of this device. */
export interface OfflineSetting {
  key: string;
  value: unknown;
}

/** An operation done offline, replayed when the connection returns (SPEC §3, §4). */
export interface OfflineQueueItem {
  /** Given by the database on insert. */
  id: number;
  type: string;
  endpoint: string;
  method: string;
  data: unknown;
  timestamp: number;
  status: 'pending' | 'processing' | 'failed';
  /**
   * The identity that queued it (lib/offline-copies/owner.ts): signing out discards that
   * identity's items. Items without one are left to the queue's own rules.
   */
  owner?: string;
}

/** A search the user ran in the mount explorer, and when (the newest is shown first). */
export interface SearchHistoryEntry {
  query: string;
  timestamp: number;
}

/** The database with its typed stores. */
export type OfflineDb = Dexie & {
  pastes: EntityTable<OfflinePaste, 'slug'>;
  files: EntityTable<OfflineFile, 'slug'>;
  directories: EntityTable<OfflineDirectory, 'path'>;
  settings: EntityTable<OfflineSetting, 'key'>;
  offlineQueue: EntityTable<OfflineQueueItem, 'id'>;
  searchHistory: EntityTable<SearchHistoryEntry, 'query'>;
};

/** The database's version: the app's (SPEC §3), 0.7.0 → 700 (offline-db-version.ts). */
export const OFFLINE_DB_VERSION = databaseVersionOf(APP_VERSION);

function createOfflineDb(): OfflineDb {
  const db = new Dexie(OFFLINE_DB_NAME) as OfflineDb;
  declareOfflineSchema(db, APP_VERSION);
  return db;
}

let instance: OfflineDb | undefined;

/**
 * The offline database, made on first use: importing this module opens nothing. Dexie opens
 * the database with the first operation, which rejects where IndexedDB is missing or refused
 * (some private windows): callers that must not fail catch that.
 */
export function getOfflineDb(): OfflineDb {
  instance ??= createOfflineDb();
  return instance;
}

/** Closes and deletes the whole database (everything this device kept); the next use starts empty. */
export async function deleteOfflineDb(): Promise<void> {
  const db = instance;
  instance = undefined;
  if (db) await db.delete();
  else await Dexie.delete(OFFLINE_DB_NAME);
}

/**
 * Whether this device has the offline database at all. Upkeep asks first: a visitor who never
 * kept anything has none, and sweeping it must not create one. Where the browser cannot list
 * its databases, the answer is yes (the upkeep then runs, at worst on an empty database).
 */
export async function offlineDbExists(): Promise<boolean> {
  if (instance?.isOpen()) return true;
  return offlineDbMayExist();
}

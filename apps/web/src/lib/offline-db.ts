import { Dexie, type EntityTable } from 'dexie';

/*
 * The local offline database (SPEC §3 "Local offline database"): one IndexedDB database with
 * a store per kind of thing kept on this device. Only the search history uses it so far; the
 * offline layer (cached pastes, files and folders, the queue replayed when the connection
 * returns) fills the other stores.
 */

/** The IndexedDB database's name. */
export const OFFLINE_DB_NAME = 'pasteport';

/** A paste kept for reading offline: the API's answer as it was, and when it was stored. */
export interface OfflinePaste {
  slug: string;
  data: unknown;
  cachedAt: number;
}

/** A file share's details kept for reading offline. */
export interface OfflineFile {
  slug: string;
  data: unknown;
  cachedAt: number;
}

/** A mount folder's listing kept for browsing offline. */
export interface OfflineDirectory {
  path: string;
  data: unknown;
  cachedAt: number;
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

function createOfflineDb(): OfflineDb {
  const db = new Dexie(OFFLINE_DB_NAME) as OfflineDb;
  // Version 1: the first schema. SPEC §3 derives the version from the app's; the offline
  // issue that fills these stores adds that scheme and its migrations (db.version(2)…), and a
  // landed version is never edited.
  db.version(1).stores({
    pastes: '&slug',
    files: '&slug',
    directories: '&path',
    settings: '&key',
    offlineQueue: '++id, type, status, timestamp',
    searchHistory: '&query, timestamp',
  });
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

import type { Dexie, Transaction } from 'dexie';
import { databaseVersionOf } from './offline-db-version';

/*
 * The offline database's schema, version by version. A landed version is never edited: a
 * change is a new step named after the app release that brings it, with an upgrade that
 * carries the data over. Devices upgrade by running every step they have not seen, in order,
 * so nothing a person kept is wiped by an app update.
 */

/** Dexie's schema syntax: a store's primary key, then its indexes (null removes a store). */
export type StoreSchemas = Record<string, string | null>;

/** One schema change, declared at the database version derived from `appVersion`. */
export interface SchemaStep {
  /** The app release that brings the change (major.minor.patch). */
  appVersion: string;
  /** Only the stores that change; the others are kept as they are. */
  stores: StoreSchemas;
  /** Moves data written under the earlier schema into this one. */
  upgrade?: (transaction: Transaction) => Promise<void>;
}

/** Version 1, shipped before versions were derived from the app's. Never edit. */
export const FIRST_SCHEMA: StoreSchemas = {
  pastes: '&slug',
  files: '&slug',
  directories: '&path',
  settings: '&key',
  offlineQueue: '++id, type, status, timestamp',
  searchHistory: '&query, timestamp',
};

/**
 * The owner given to copies kept before owners were recorded: no identity is called this, so
 * such a copy is never shown to anyone, and it goes with the age sweep or "forget".
 */
export const UNKNOWN_OWNER = 'unknown';

/** The stores holding copies for offline reading (SPEC §3: pastes, files, directories). */
export const COPY_STORES = ['pastes', 'files', 'directories'] as const;

/** Copies from version 1 had no owner: mark them unknown so the owner index holds them. */
async function markOwnerlessCopies(transaction: Transaction): Promise<void> {
  for (const store of COPY_STORES) {
    await transaction
      .table(store)
      .toCollection()
      .modify((copy: Record<string, unknown>) => {
        if (typeof copy.owner !== 'string') copy.owner = UNKNOWN_OWNER;
        // Without a date a copy cannot be aged: the sweep takes it at once.
        if (typeof copy.cachedAt !== 'number') copy.cachedAt = 0;
      });
  }
}

/** Every change after version 1, oldest first. Append; never edit a landed step. */
export const SCHEMA_STEPS: readonly SchemaStep[] = [
  {
    // Owners and ages: a copy belongs to one identity, is dropped by age (cachedAt) or when
    // the share itself expires (shareExpiresAt), and queued operations know whose they are.
    appVersion: '0.7.0',
    stores: {
      pastes: '&slug, owner, cachedAt, shareExpiresAt',
      files: '&slug, owner, cachedAt, shareExpiresAt',
      directories: '&path, owner, cachedAt',
      offlineQueue: '++id, type, status, timestamp, owner',
    },
    upgrade: markOwnerlessCopies,
  },
];

/**
 * Declares version 1, then each step at its derived version, then the app's own version when
 * it is newer than the last step (no change, so the database's version is always the app's).
 * Throws when the steps are out of order or name a release after `appVersion`.
 */
export function declareOfflineSchema(
  db: Dexie,
  appVersion: string,
  steps: readonly SchemaStep[] = SCHEMA_STEPS,
): number {
  db.version(1).stores(FIRST_SCHEMA);
  let last = 1;
  for (const step of steps) {
    const version = databaseVersionOf(step.appVersion);
    if (version <= last) {
      throw new Error(`schema step ${step.appVersion} is not after version ${last}`);
    }
    const declared = db.version(version).stores(step.stores);
    const upgrade = step.upgrade;
    if (upgrade) declared.upgrade((transaction) => upgrade(transaction));
    last = version;
  }
  const current = databaseVersionOf(appVersion);
  if (current < last) throw new Error(`schema step ${last} is newer than app ${appVersion}`);
  if (current > last) db.version(current).stores({});
  return current;
}

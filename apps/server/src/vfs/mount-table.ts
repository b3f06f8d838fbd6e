import type { Selectable } from 'kysely';
import type { MountsTable } from '../db/schema.js';
import type { InvalidationBus } from '../lib/invalidation.js';

/** An active mount as the virtual file system sees it: with its storage's API-key rule. */
export type ActiveMount = Selectable<MountsTable> & { storage_allows_api_keys: number };

/** Published (with the mount's id) whenever a mount is created, changed or deleted. */
export const MOUNTS_TOPIC = 'mounts';

/**
 * The active mounts, held in memory: every fs call and WebDAV request resolves its path
 * against them, so they are read from the database once and again only after a change is
 * announced on the invalidation bus (on every instance).
 */
export function createMountTable(deps: {
  repo: { listActive(): Promise<ActiveMount[]> };
  invalidation: InvalidationBus;
  /** Other topics whose changes alter the table (a storage config's API-key rule). */
  alsoOn?: readonly string[];
}) {
  // A change announced while a load runs drops it too: the next caller loads afresh.
  let loaded: Promise<readonly ActiveMount[]> | null = null;

  for (const topic of [MOUNTS_TOPIC, ...(deps.alsoOn ?? [])]) {
    deps.invalidation.subscribe(topic, () => {
      loaded = null;
    });
  }

  return {
    /** The active mounts in display order (sort_order, then path). */
    active(): Promise<readonly ActiveMount[]> {
      if (loaded) return loaded;
      const load = deps.repo.listActive().then((rows) => Object.freeze(rows));
      loaded = load;
      load.catch(() => {
        if (loaded === load) loaded = null;
      });
      return load;
    },
    /** Announces a change to every instance (the mount service calls it after each write). */
    changed(id: string): Promise<void> {
      return deps.invalidation.publish(MOUNTS_TOPIC, id);
    },
  };
}

export type MountTable = ReturnType<typeof createMountTable>;

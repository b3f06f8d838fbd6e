import type { Logger } from 'pino';

/** An object (or folder) as a write left it. */
export interface WrittenEntry {
  /** Storage key, no trailing slash. */
  key: string;
  isDirectory: boolean;
  size: number;
  modified: Date;
}

/**
 * What one write through this server (fs API, WebDAV, a share upload, a copy or delete task)
 * did to a storage. Mounts show storages from their root, so the key is the path below every
 * mount on that storage.
 */
export interface FsChange {
  storageConfigId: string;
  /** Objects and folders created or replaced. */
  written?: readonly WrittenEntry[];
  /** Keys removed; `recursive` also removes everything beneath each (a deleted folder). */
  removed?: readonly { key: string; recursive: boolean }[];
}

export type FsChangeListener = (change: FsChange) => void | Promise<void>;

/**
 * Where writes are announced, so directory listings and the search index follow them. Writers
 * only emit; the listing cache and the index subscribe. A listener's failure is logged and
 * never fails the write that already happened.
 */
export function createFsChanges(logger: Pick<Logger, 'warn'>) {
  const listeners = new Set<FsChangeListener>();
  return {
    subscribe(listener: FsChangeListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves when every listener has taken the change in (caches dropped, index written). */
    async emit(change: FsChange): Promise<void> {
      await Promise.all(
        [...listeners].map(async (listener) => {
          try {
            await listener(change);
          } catch (err) {
            logger.warn(
              { err, storageConfigId: change.storageConfigId },
              'fs change listener failed',
            );
          }
        }),
      );
    },
  };
}

export type FsChanges = ReturnType<typeof createFsChanges>;

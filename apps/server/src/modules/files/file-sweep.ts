import type { Clock } from '../../lib/clock.js';
import { LocalStorageDriver } from '../../storage/drivers/local/local-driver.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FileRepository, FileRow } from './file.repository.js';
import { ownsStoredObject } from './linked-shares.js';
import type { FsChanges } from '../../vfs/fs-changes.js';

/** Uploads not committed within a day are abandoned (SPEC §7 failed-upload cleanup). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** Rows handled per batch, so one run never holds a huge result in memory. */
const BATCH = 200;

/**
 * Housekeeping for file shares: abandoned uploads (record, stored bytes, open multipart
 * upload), files past their expiry or view limit, and local temp leftovers.
 */
export function createFileSweeper(deps: {
  files: FileRepository;
  storage: StorageRegistry;
  listConfigIds: () => Promise<string[]>;
  clock: Clock;
  logger: { warn(obj: object, msg: string): void };
  /** Where removed objects are announced (mount listings and search follow the storage). */
  changes?: Pick<FsChanges, 'emit'>;
}) {
  async function removeStored(row: FileRow): Promise<void> {
    if (!ownsStoredObject(row)) return;
    try {
      const driver = await deps.storage.getDriver(row.storage_config_id);
      if (row.upload_id) await driver.abortMultipart(row.storage_path, row.upload_id);
      await driver.deleteMany([row.storage_path]);
      await deps.changes?.emit({
        storageConfigId: row.storage_config_id,
        removed: [{ key: row.storage_path, recursive: false }],
      });
    } catch (err) {
      // The row goes anyway: a config that no longer works must not keep rows forever.
      deps.logger.warn({ err, fileId: row.id }, 'stored bytes of a swept file not removed');
    }
  }

  async function drain(find: () => Promise<FileRow[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await find();
      if (rows.length === 0) return total;
      for (const row of rows) await removeStored(row);
      total += (await deps.files.deleteMany(rows.map((r) => r.id))).length;
      if (rows.length < BATCH) return total;
    }
  }

  return {
    async sweep(): Promise<{ abandoned: number; gone: number; temp: number }> {
      const now = deps.clock.now();
      const before = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
      const abandoned = await drain(() => deps.files.findStalePending(before.toISOString(), BATCH));
      const gone = await drain(() => deps.files.findGone(now.toISOString(), BATCH));
      let temp = 0;
      for (const id of await deps.listConfigIds()) {
        const driver = await deps.storage.getDriver(id).catch(() => null);
        if (driver instanceof LocalStorageDriver) temp += await driver.sweepStale(before);
      }
      return { abandoned, gone, temp };
    },
  };
}

import { AppError } from '../../lib/app-error.js';
import type { ListedObject, StorageDriver, WriteResult } from '../../storage/storage-driver.js';

/** Entries per page of a folder walk (the driver's page ceiling). */
const PAGE = 1000;

/** One side of a transfer: a storage and a key in it. */
export interface TreePlace {
  driver: StorageDriver;
  key: string;
}

/**
 * Every object beneath a folder (folder markers included: keys ending in '/'), one driver page
 * at a time, so a folder of any size is walked in constant memory.
 */
export async function* folderPages(
  driver: StorageDriver,
  folderKey: string,
): AsyncGenerator<ListedObject[]> {
  let cursor: string | null = null;
  do {
    const page = await driver.list(`${folderKey}/`, { cursor, limit: PAGE });
    if (page.objects.length > 0) yield page.objects;
    cursor = page.nextCursor;
  } while (cursor !== null);
}

/**
 * Copies one object between storages or within one: server-side in the same storage,
 * otherwise streamed (read → write with its length; never buffered).
 */
export async function transferObject(from: TreePlace, to: TreePlace): Promise<WriteResult> {
  if (from.driver === to.driver) return from.driver.copy(from.key, to.key);
  const body = await from.driver.read(from.key);
  return to.driver.write(to.key, body.stream, {
    contentType: body.contentType,
    contentLength: body.contentLength,
  });
}

/**
 * Deletes a folder and everything beneath it, a page at a time (never the whole listing in
 * memory). Each round lists from the start, since what was deleted is gone; a key storage
 * refuses to delete stops the walk with its error rather than looping on it. `signal` stops
 * it between pages (a cancelled delete task).
 */
export async function removeFolder(
  driver: StorageDriver,
  folderKey: string,
  options: { signal?: AbortSignal; limit?: number } = {},
): Promise<number> {
  let removed = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await driver.list(`${folderKey}/`, { limit: options.limit ?? PAGE });
    if (page.objects.length === 0) return removed;
    const results = await driver.deleteMany(page.objects.map((object) => object.key));
    const failed = results.find((result) => !result.ok);
    if (failed && !failed.ok) {
      throw new AppError(failed.code, `could not delete ${failed.key}: ${failed.message}`);
    }
    removed += results.length;
  }
}

/** Whether a folder holds more than `limit` entries (so removing it is a task's work). */
export async function holdsMoreThan(
  driver: StorageDriver,
  folderKey: string,
  limit: number,
): Promise<boolean> {
  const page = await driver.list(`${folderKey}/`, { limit });
  return page.nextCursor !== null;
}

/**
 * After a failed or aborted write: a storage that kept what arrived (some S3-compatible
 * servers commit a cut-off PUT) must not show it, so an object at `key` that is not the one
 * there before (ETag `before`, null when there was none) is removed.
 */
export async function removePartial(
  driver: StorageDriver,
  key: string,
  before: string | null,
): Promise<void> {
  const after = await driver.stat(key).catch(() => null);
  if (after && after.etag !== before) await driver.deleteMany([key]);
}

/**
 * Waits for a write and the pipe feeding it to both finish, then answers the write's result or
 * throws the first failure (the pipe's, then the write's). Unlike Promise.all it never returns
 * while the other is still running: cleanup after a failure (removePartial) must not look at
 * storage while an aborted upload is still landing there.
 */
export async function writeAndPipe<T>(write: Promise<T>, pipe: Promise<unknown>): Promise<T> {
  const [written, piped] = await Promise.allSettled([write, pipe]);
  if (piped.status === 'rejected') throw piped.reason;
  if (written.status === 'rejected') throw written.reason;
  return written.value;
}

import { AppError } from '../../lib/app-error.js';
import type { ListedObject, StorageDriver, WriteResult } from '../../storage/storage-driver.js';
import type { WrittenEntry } from '../../vfs/fs-changes.js';

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
 * Copies a folder and everything beneath it to another folder (same storage or not), page by
 * page; folder markers become folders. `beforeObject` may refuse an object (a quota);
 * `onPage` hears what each page wrote. Returns how many entries were copied. The source is
 * left as it is: a move removes it afterwards with removeFolder. This is the one folder walk
 * a background task reuses for big moves and copies.
 */
export async function copyFolder(
  from: TreePlace,
  to: TreePlace,
  hooks: {
    beforeObject?: (object: ListedObject) => Promise<void>;
    onPage?: (written: WrittenEntry[]) => Promise<void>;
  } = {},
): Promise<number> {
  // The target folder appears with what is copied into it (its marker, if the source had one).
  let count = 0;
  for await (const objects of folderPages(from.driver, from.key)) {
    const written: WrittenEntry[] = [];
    for (const object of objects) {
      const relative = object.key.slice(from.key.length + 1);
      if (object.key.endsWith('/')) {
        const folder = relative === '' ? to.key : `${to.key}/${relative.slice(0, -1)}`;
        await to.driver.createFolder(folder);
        written.push({ key: folder, isDirectory: true, size: 0, modified: new Date() });
      } else {
        await hooks.beforeObject?.(object);
        const key = `${to.key}/${relative}`;
        const result = await transferObject(
          { driver: from.driver, key: object.key },
          {
            driver: to.driver,
            key,
          },
        );
        written.push({ key, isDirectory: false, size: result.size, modified: new Date() });
      }
      count++;
    }
    await hooks.onPage?.(written);
  }
  return count;
}

/**
 * Deletes a folder and everything beneath it, a page at a time (never the whole listing in
 * memory). Each round lists from the start, since what was deleted is gone; a key storage
 * refuses to delete stops the walk with its error rather than looping on it.
 */
export async function removeFolder(driver: StorageDriver, folderKey: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await driver.list(`${folderKey}/`, { limit: PAGE });
    if (page.objects.length === 0) return removed;
    const results = await driver.deleteMany(page.objects.map((object) => object.key));
    const failed = results.find((result) => !result.ok);
    if (failed && !failed.ok) {
      throw new AppError(failed.code, `could not delete ${failed.key}: ${failed.message}`);
    }
    removed += results.length;
  }
}

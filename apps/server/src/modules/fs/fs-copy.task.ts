import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { createBodyMeter } from '../../storage/body-meter.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { AppError } from '../../lib/app-error.js';
import { creatorKind } from '../../core/access-policy.js';
import type { FsChanges, WrittenEntry } from '../../vfs/fs-changes.js';
import type { FsLimits } from './fs-limits.js';
import { folderPages, removeFolder, removePartial, writeAndPipe } from './fs-tree.js';
import type {
  NewTaskItem,
  TaskHandler,
  TaskItemContext,
  TaskItemRow,
} from '../tasks/task-handler.js';

/** A copy task's payload; `move`: each source file goes once its copy is in place (a rename). */
export const copyPayloadSchema = z.object({
  skipExisting: z.boolean(),
  move: z.boolean().default(false),
});
export type CopyPayload = z.input<typeof copyPayloadSchema>;

/**
 * A copy item's ref: from which storage and key to which; `dir`: a folder to expand; `rm`: a
 * move's last item, which removes the source folder once every file in it has moved.
 */
const copyRefSchema = z.object({
  s: z.string(),
  sk: z.string(),
  t: z.string(),
  tk: z.string(),
  dir: z.boolean(),
  rm: z.boolean().optional(),
});
export type CopyRef = z.infer<typeof copyRefSchema>;

/** Objects listed per page when a folder is expanded into file items. */
const EXPAND_PAGE = 1000;

/** The task item for copying one file or folder. */
export function copyItem(
  paths: { source: string; target: string },
  ref: CopyRef,
  bytes: number,
): NewTaskItem {
  return { source: paths.source, target: paths.target, ref: JSON.stringify(ref), bytes };
}

/** `base` + '/' + `rest`, where an empty base is the storage root. */
export const joinKey = (base: string, rest: string): string => (base ? `${base}/${rest}` : rest);
const joinPath = (base: string, rest: string): string =>
  base === '/' ? `/${rest}` : `${base}/${rest}`;

/** The prefix every object beneath a folder key starts with. */
export const folderPrefix = (key: string): string => (key ? `${key}/` : '');

/**
 * The copy task's work (cross-storage copies, and every folder move): a folder item lists its
 * folder page by page and adds one item per file; a file item streams the source object into
 * the target (read stream → write with its length; never buffered), aborted through the task's
 * signal so a cancelled copy leaves no partial target object (drivers store nothing on a
 * failed write). A move moves each file (a rename where the storage has one, else copy then
 * delete the source) and ends with an item that removes the emptied source folder — kept, with
 * an error, while some file in it could not be moved. Writes across storages must fit the
 * target's quota and, for an API key's task, the upload size limit.
 */
export function createCopyTaskHandler(deps: {
  storage: StorageRegistry;
  limits: Pick<FsLimits, 'assertFits'>;
  fsChanges: FsChanges;
  clock: Clock;
}): TaskHandler {
  async function expand(item: TaskItemRow, ref: CopyRef, context: TaskItemContext) {
    const source = await deps.storage.getDriver(ref.s);
    const prefix = folderPrefix(ref.sk);
    let cursor: string | null = null;
    do {
      context.signal.throwIfAborted();
      const page = await source.list(prefix, { cursor, limit: EXPAND_PAGE });
      const items = page.objects.map((object) => {
        const rest = object.key.slice(prefix.length);
        const child = { ...ref, sk: object.key, tk: joinKey(ref.tk, rest), dir: false };
        const paths = { source: joinPath(item.source, rest), target: joinPath(item.target, rest) };
        return copyItem(paths, child, object.size);
      });
      await context.addItems(items);
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** A folder marker (an empty folder): make the folder, there is nothing to stream. */
  async function copyMarker(target: StorageDriver, ref: CopyRef) {
    const folder = ref.tk.replace(/\/$/, '');
    await target.createFolder(folder);
    await announce(target, { written: [written(folder, 0, true)] });
    return 'completed' as const;
  }

  async function copyFile(
    ref: CopyRef,
    item: TaskItemRow,
    payload: CopyPayload,
    context: TaskItemContext,
  ) {
    const [source, target] = await Promise.all([
      deps.storage.getDriver(ref.s),
      deps.storage.getDriver(ref.t),
    ]);
    if (ref.sk.endsWith('/')) return copyMarker(target, ref);
    const existing = await target.stat(ref.tk);
    if (payload.skipExisting && existing) return 'skipped' as const;
    const { signal } = context;
    signal.throwIfAborted();
    if (source.id === target.id) {
      const result = await sameStorage(source, ref, payload.move === true);
      context.progress(result.size);
      return 'completed' as const;
    }
    const creator = creatorKind(context.task.created_by);
    await deps.limits.assertFits(creator, { storage_config_id: target.id }, item.bytes);
    const read = await source.read(ref.sk);
    const meter = createBodyMeter({ expectedLength: read.contentLength, paced: true });
    const report = setInterval(() => context.progress(meter.received()), 100);
    try {
      const piped = pipeline(read.stream, meter, { signal });
      const result = await writeAndPipe(
        target.write(ref.tk, meter, {
          contentType: read.contentType,
          contentLength: read.contentLength,
          signal,
        }),
        piped,
      );
      context.progress(result.size);
      await announce(target, { written: [written(ref.tk, result.size, false)] });
    } catch (err) {
      // Not once the lease is gone: the object there may be the next holder's finished copy.
      if (await context.holdsLease()) await removePartial(target, ref.tk, existing?.etag ?? null);
      throw err;
    } finally {
      clearInterval(report);
      read.stream.destroy();
    }
    if (payload.move) await removeSourceFile(source, ref.sk);
    return 'completed' as const;
  }

  /** Within one storage: the storage copies (or renames, for a move where it can). */
  async function sameStorage(driver: StorageDriver, ref: CopyRef, move: boolean) {
    const result =
      move && driver.move ? await driver.move(ref.sk, ref.tk) : await driver.copy(ref.sk, ref.tk);
    await announce(driver, { written: [written(ref.tk, result.size, false)] });
    if (move && !driver.move) await removeSourceFile(driver, ref.sk);
    else if (move) await announce(driver, { removed: [{ key: ref.sk, recursive: false }] });
    return result;
  }

  async function removeSourceFile(source: StorageDriver, key: string) {
    const [result] = await source.deleteMany([key]);
    if (result && !result.ok) throw new AppError(result.code, `moved, but ${result.message}`);
    await announce(source, { removed: [{ key, recursive: false }] });
  }

  /** A move's last item: the source folder goes once no file is left in it. */
  async function removeSourceFolder(item: TaskItemRow, ref: CopyRef) {
    const source = await deps.storage.getDriver(ref.s);
    let left = 0;
    for await (const objects of folderPages(source, ref.sk)) {
      left += objects.filter((object) => !object.key.endsWith('/')).length;
    }
    if (left > 0) {
      throw new AppError(
        'CONFLICT',
        `${item.source} keeps ${left} file(s) that could not be moved`,
      );
    }
    await removeFolder(source, ref.sk);
    await announce(source, { removed: [{ key: ref.sk, recursive: true }] });
  }

  function written(key: string, size: number, isDirectory: boolean): WrittenEntry {
    return { key, isDirectory, size, modified: deps.clock.now() };
  }

  function announce(
    driver: StorageDriver,
    change: { written?: WrittenEntry[]; removed?: { key: string; recursive: boolean }[] },
  ) {
    return deps.fsChanges.emit({ storageConfigId: driver.id, ...change });
  }

  return {
    async runItem(item, context) {
      const ref = copyRefSchema.parse(JSON.parse(item.ref));
      const payload = copyPayloadSchema.parse(JSON.parse(context.task.payload));
      if (ref.rm) {
        await removeSourceFolder(item, ref);
        return 'completed';
      }
      if (ref.dir) {
        await expand(item, ref, context);
        // Added after every file of the folder, so it runs when they have all been tried.
        if (payload.move) await context.addItems([removalItem(item, ref)]);
        return 'completed';
      }
      return copyFile(ref, item, payload, context);
    },
  };
}

/** The item ending a folder move: removes the source folder (it has no target). */
function removalItem(folder: TaskItemRow, ref: CopyRef): NewTaskItem {
  return { source: folder.source, target: '', ref: JSON.stringify({ ...ref, rm: true }), bytes: 0 };
}

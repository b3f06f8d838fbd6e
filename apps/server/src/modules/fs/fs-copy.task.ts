import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { createBodyMeter } from '../../storage/body-meter.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type {
  NewTaskItem,
  TaskHandler,
  TaskItemContext,
  TaskItemRow,
} from '../tasks/task-handler.js';

/** A copy task's payload. */
export const copyPayloadSchema = z.object({ skipExisting: z.boolean() });
export type CopyPayload = z.infer<typeof copyPayloadSchema>;

/** A copy item's ref: from which storage and key to which; `dir`: a folder to expand. */
const copyRefSchema = z.object({
  s: z.string(),
  sk: z.string(),
  t: z.string(),
  tk: z.string(),
  dir: z.boolean(),
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
 * The copy task's work (cross-storage copies): a folder item lists its folder page by page and
 * adds one item per file; a file item streams the source object into the target (read stream
 * → write with its length; never buffered), aborted through the task's signal so a cancelled
 * copy leaves no partial target object (drivers store nothing on a failed write).
 */
export function createCopyTaskHandler(deps: {
  storage: StorageRegistry;
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

  async function copyFile(ref: CopyRef, payload: CopyPayload, context: TaskItemContext) {
    const [source, target] = await Promise.all([
      deps.storage.getDriver(ref.s),
      deps.storage.getDriver(ref.t),
    ]);
    if (ref.sk.endsWith('/')) {
      // A folder marker (an empty folder): make the folder, there is nothing to stream.
      await target.createFolder(ref.tk.replace(/\/$/, ''));
      await announce(target, ref.tk.replace(/\/$/, ''), 0, true);
      return 'completed' as const;
    }
    const existing = await target.stat(ref.tk);
    if (payload.skipExisting && existing) return 'skipped' as const;
    const { signal } = context;
    signal.throwIfAborted();
    const read = await source.read(ref.sk);
    const meter = createBodyMeter({ expectedLength: read.contentLength });
    const report = setInterval(() => context.progress(meter.received()), 100);
    try {
      const piped = pipeline(read.stream, meter, { signal });
      const [result] = await Promise.all([
        target.write(ref.tk, meter, {
          contentType: read.contentType,
          contentLength: read.contentLength,
          signal,
        }),
        piped,
      ]);
      context.progress(result.size);
      await announce(target, ref.tk, result.size, false);
      return 'completed' as const;
    } catch (err) {
      await removePartial(target, ref.tk, existing?.etag ?? null);
      throw err;
    } finally {
      clearInterval(report);
      read.stream.destroy();
    }
  }

  /**
   * After a failed or aborted write: a storage that kept what arrived (some S3-compatible
   * servers commit a cut-off PUT) must not show it, so an object that is not the one there
   * before is removed.
   */
  async function removePartial(target: StorageDriver, key: string, before: string | null) {
    const after = await target.stat(key).catch(() => null);
    if (after && after.etag !== before) await target.deleteMany([key]);
  }

  function announce(target: StorageDriver, key: string, size: number, isDirectory: boolean) {
    return deps.fsChanges.emit({
      storageConfigId: target.id,
      written: [{ key, isDirectory, size, modified: deps.clock.now() }],
    });
  }

  return {
    async runItem(item, context) {
      const ref = copyRefSchema.parse(JSON.parse(item.ref));
      if (ref.dir) {
        await expand(item, ref, context);
        return 'completed';
      }
      const payload = copyPayloadSchema.parse(JSON.parse(context.task.payload));
      return copyFile(ref, payload, context);
    },
  };
}

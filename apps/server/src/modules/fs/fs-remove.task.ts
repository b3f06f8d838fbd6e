import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type { NewTaskItem, TaskHandler } from '../tasks/task-handler.js';
import { removeFolder } from './fs-tree.js';

/** A delete item's ref: the storage and key; `dir`: a folder, removed with all beneath it. */
const removeRefSchema = z.object({ s: z.string(), sk: z.string(), dir: z.boolean() });
export type RemoveRef = z.infer<typeof removeRefSchema>;

/** The task item for removing one file or folder (it has no target). */
export function removeItem(path: string, ref: RemoveRef): NewTaskItem {
  return { source: path, target: '', ref: JSON.stringify(ref), bytes: 0 };
}

/**
 * The delete task's work (folders too big to remove within a request): a folder is deleted a
 * page of keys at a time (S3: one DeleteObjects call per page), stopping between pages when
 * the task is cancelled; running it again after an interruption lists what is left and goes
 * on. Every removal is announced, so listings and the index follow.
 */
export function createRemoveTaskHandler(deps: {
  storage: StorageRegistry;
  fsChanges: FsChanges;
}): TaskHandler {
  return {
    async runItem(item, context) {
      const ref = removeRefSchema.parse(JSON.parse(item.ref));
      const driver = await deps.storage.getDriver(ref.s);
      if (ref.dir) {
        await removeFolder(driver, ref.sk, { signal: context.signal });
      } else {
        const [result] = await driver.deleteMany([ref.sk]);
        if (result && !result.ok) throw new AppError(result.code, result.message);
      }
      await deps.fsChanges.emit({
        storageConfigId: driver.id,
        removed: [{ key: ref.sk, recursive: ref.dir }],
      });
      return 'completed';
    },
  };
}

import type {
  Task,
  UploadTaskCreated,
  uploadTaskReportSchema,
  uploadTaskRequestSchema,
} from '@pasteport/contract';
import { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { tooLarge } from '../../core/upload-errors.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { NewTaskItem } from '../tasks/task-handler.js';
import type { TaskService } from '../tasks/task.service.js';
import type { FsLimits } from './fs-limits.js';
import type { WriteTargets } from './fs-write-target.js';

type CreateRequest = z.output<typeof uploadTaskRequestSchema>;
type Report = z.output<typeof uploadTaskReportSchema>;

/** An upload item's ref: the storage and key the file goes to. */
const uploadRefSchema = z.object({ t: z.string(), tk: z.string() });

/**
 * Upload tasks (`upload`, driven by the client that uploads): the files of one upload — a
 * folder dropped into the explorer, say — as task items, so the task manager shows them on
 * every device and a reloaded page knows which are left. Creating one checks every target
 * through the write gate and the sizes against the caller's limits, before a byte moves (the
 * bytes then go through the usual fs upload calls). A `completed` report is believed only
 * when storage holds the file; the item records the size storage reports.
 */
export function createFsUploadTaskService(deps: {
  targets: WriteTargets;
  limits: Pick<FsLimits, 'assertFits' | 'maxBytes'>;
  storage: StorageRegistry;
  tasks: Pick<TaskService, 'create' | 'item' | 'reportItem'>;
}) {
  return {
    async create(actor: Actor, input: CreateRequest): Promise<UploadTaskCreated> {
      const folder = await deps.targets.folder(actor, input.path, 'path');
      const maxBytes = await deps.limits.maxBytes(actor);
      const seen = new Set<string>();
      const items: NewTaskItem[] = [];
      // Sizes per storage (a nested mount below the folder may sit on another).
      const totals = new Map<string, { mount: { storage_config_id: string }; bytes: number }>();
      for (const [index, file] of input.files.entries()) {
        const field = `files[${index}].path`;
        const full = folder.path === '/' ? `/${file.path}` : `${folder.path}/${file.path}`;
        const target = await deps.targets.entry(actor, full, field);
        if (seen.has(target.path)) {
          throw new AppError('VALIDATION_FAILED', `${field}: ${target.path} is named twice`, {
            details: [{ field, rule: 'unique', message: 'another file has the same path' }],
          });
        }
        seen.add(target.path);
        if (file.size > maxBytes) throw tooLarge(maxBytes);
        const total = totals.get(target.driver.id) ?? { mount: target.mount, bytes: 0 };
        totals.set(target.driver.id, { ...total, bytes: total.bytes + file.size });
        const ref = JSON.stringify({ t: target.driver.id, tk: target.key });
        items.push({ source: file.path, target: target.path, ref, bytes: file.size });
      }
      for (const { mount, bytes } of totals.values()) {
        await deps.limits.assertFits(actor, mount, bytes);
      }
      const taskId = await deps.tasks.create(actor, 'upload', {}, items);
      return { taskId, items: items.map((item, seq) => ({ seq, path: item.target })) };
    },

    async report(actor: Actor, id: string, seq: number, input: Report): Promise<Task> {
      const { task, item } = await deps.tasks.item(actor, id, seq);
      let bytes: number | null = null;
      if (task.type === 'upload' && input.status === 'completed') {
        const ref = uploadRefSchema.parse(JSON.parse(item.ref));
        const driver = await deps.storage.getDriver(ref.t);
        const info = await driver.stat(ref.tk);
        if (!info) {
          throw new AppError('CONFLICT', `${item.target} is not in storage: upload it first`);
        }
        bytes = info.size;
      }
      const error = input.status === 'failed' ? (input.error ?? 'the upload failed') : null;
      return deps.tasks.reportItem(actor, id, seq, { status: input.status, error, bytes });
    },
  };
}

export type FsUploadTaskService = ReturnType<typeof createFsUploadTaskService>;

import type { FsFetchStarted, fsFetchRequestSchema } from '@pasteport/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { TaskService } from '../tasks/task.service.js';
import { remoteFilename } from '../url-import/remote-file.js';
import { fetchItem, type FetchPayload } from './fs-fetch.task.js';
import { assertFileSlot, isFile, type WriteTargets } from './fs-write-target.js';

type FetchRequest = z.output<typeof fsFetchRequestSchema>;

/**
 * `POST /api/fs/fetch` (an offline download): every target passes the write gate and is
 * checked before the task exists — a name taken (unless `overwrite`), a folder in the way or
 * the same target twice refuses the whole call, naming the item. The bytes move in the
 * download task (fs-fetch.task.ts), through the SSRF guard, within the caller's size limits.
 */
export function createFsFetchService(deps: {
  targets: WriteTargets;
  tasks: Pick<TaskService, 'create'>;
}) {
  return {
    async start(actor: Actor, input: FetchRequest): Promise<FsFetchStarted> {
      const folder = await deps.targets.folder(actor, input.path, 'path');
      const folderPath = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
      const seen = new Set<string>();
      const items = [];
      for (const [index, item] of input.items.entries()) {
        const field = `items[${index}].fileName`;
        const fileName = item.fileName ?? remoteFilename({}, item.url);
        const target = await deps.targets.file(
          actor,
          { path: folderPath, fileName },
          { path: 'path', fileName: field },
        );
        if (seen.has(target.path)) {
          throw new AppError('VALIDATION_FAILED', `${field}: ${target.path} is named twice`, {
            details: [{ field, rule: 'unique', message: 'another item has the same target' }],
          });
        }
        seen.add(target.path);
        if (!input.overwrite && (await isFile(target.driver, target.key))) {
          throw new AppError('ALREADY_EXISTS', `${target.path} already exists`, {
            details: [{ field, rule: 'exists', message: 'a file of that name is there' }],
          });
        }
        await assertFileSlot(target.driver, target.key);
        items.push(fetchItem(item.url, target.path, { t: target.driver.id, tk: target.key }));
      }
      const payload: FetchPayload = { overwrite: input.overwrite };
      const taskId = await deps.tasks.create(actor, 'download', payload, items);
      return { taskId, items: items.map((item) => ({ url: item.source, path: item.target })) };
    },
  };
}

export type FsFetchService = ReturnType<typeof createFsFetchService>;

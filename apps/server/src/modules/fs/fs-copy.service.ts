import type { BatchCopyResult, batchCopyRequestSchema } from '@pasteport/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import { resolvePath } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';
import type { ActiveMount } from '../../vfs/mount-table.js';
import type { TaskService } from '../tasks/task.service.js';
import { createCopyRelay } from './fs-copy-relay.js';
import { copyItem, folderPrefix, joinKey, type CopyPayload } from './fs-copy.task.js';
import { isFile, isFolder, type WriteTargets } from './fs-write-target.js';

/** One side of a planned copy: the normalised path, its mount, key and storage. */
export interface CopyEnd {
  path: string;
  mount: ActiveMount;
  key: string;
  driver: StorageDriver;
}

/** A requested copy after every check passed. */
export interface PlannedCopy {
  source: CopyEnd;
  target: CopyEnd;
  isDirectory: boolean;
  size: number;
}

type Detail = BatchCopyResult['details'][number];
type Counts = Pick<BatchCopyResult, 'success' | 'skipped' | 'failed'>;

type CopyRequest = z.output<typeof batchCopyRequestSchema>;

/**
 * POST /api/fs/batch-copy: every path through the one normaliser and the mount space; the
 * source must be fully visible to the caller, the target writable. Within one storage the
 * storage copies (a folder: every object beneath, page by page); across storages a copy task
 * streams the bytes (answered at once with its id), or, with client_copy, the client relays
 * them through presigned URLs and confirms with batch-copy-commit.
 */
export function createFsCopyService(deps: {
  mountTable: MountTable;
  storage: StorageRegistry;
  writeTargets: WriteTargets;
  fsChanges: FsChanges;
  tasks: TaskService;
  clock: Clock;
}) {
  const relay = createCopyRelay(deps);

  async function source(actor: Actor, input: string, field: string): Promise<CopyEnd> {
    const path = normalizePath(input, field);
    const resolved = resolvePath(await deps.mountTable.active(), actor, path);
    if (resolved.kind === 'virtual') {
      throw new AppError('VALIDATION_FAILED', `${field}: ${path} is not inside a mount`, {
        details: [{ field, rule: 'virtual', message: 'not inside a mount' }],
      });
    }
    const driver = await deps.storage.getDriver(resolved.mount.storage_config_id);
    return { path, mount: resolved.mount, key: resolved.key, driver };
  }

  /** Checks every item before anything is copied, so a refused batch leaves nothing behind. */
  async function plan(
    actor: Actor,
    items: CopyRequest['items'],
  ): Promise<(PlannedCopy | Detail)[]> {
    const planned: (PlannedCopy | Detail)[] = [];
    for (const [i, item] of items.entries()) {
      const from = await source(actor, item.sourcePath, `items[${i}].sourcePath`);
      const to = await deps.writeTargets.entry(actor, item.targetPath, `items[${i}].targetPath`);
      const stat = from.key === '' ? null : await from.driver.stat(from.key);
      const isDirectory = !stat && (await isFolder(from.driver, from.key));
      if (!stat && !isDirectory) {
        planned.push({ ...paths(from, to), status: 'failed', error: 'source not found' });
        continue;
      }
      if (from.driver.id === to.driver.id && nests(from.key, to.key, isDirectory)) {
        const field = `items[${i}].targetPath`;
        throw new AppError('VALIDATION_FAILED', `${field}: cannot copy ${from.path} into itself`, {
          details: [{ field, rule: 'into_itself', message: 'a copy cannot land in its source' }],
        });
      }
      planned.push({ source: from, target: to, isDirectory, size: stat?.size ?? 0 });
    }
    return planned;
  }

  /** Copies one object inside one storage; an existing target is skipped when asked. */
  async function copyWithin(
    driver: StorageDriver,
    fromKey: string,
    toKey: string,
    skipExisting: boolean,
  ): Promise<'success' | 'skipped'> {
    if (fromKey.endsWith('/')) {
      await driver.createFolder(toKey.replace(/\/$/, ''));
      return 'success';
    }
    if (skipExisting && (await isFile(driver, toKey))) return 'skipped';
    const written = await driver.copy(fromKey, toKey);
    await deps.fsChanges.emit({
      storageConfigId: driver.id,
      written: [{ key: toKey, isDirectory: false, size: written.size, modified: deps.clock.now() }],
    });
    return 'success';
  }

  /** A same-storage copy of a file or of every object beneath a folder, page by page. */
  async function copySameStorage(copy: PlannedCopy, skipExisting: boolean, counts: Counts) {
    const { driver } = copy.source;
    if (!copy.isDirectory) {
      counts[await copyWithin(driver, copy.source.key, copy.target.key, skipExisting)]++;
      return;
    }
    const prefix = folderPrefix(copy.source.key);
    let cursor: string | null = null;
    do {
      const page = await driver.list(prefix, { cursor });
      for (const object of page.objects) {
        const toKey = joinKey(copy.target.key, object.key.slice(prefix.length));
        counts[await copyWithin(driver, object.key, toKey, skipExisting)]++;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  return {
    async batchCopy(actor: Actor, request: CopyRequest): Promise<BatchCopyResult> {
      const planned = await plan(actor, request.items);
      const counts: Counts = { success: 0, skipped: 0, failed: 0 };
      const details: Detail[] = [];
      const queued: PlannedCopy[] = [];
      const relayed: PlannedCopy[] = [];
      for (const copy of planned) {
        if (!('source' in copy)) {
          counts.failed++;
          details.push(copy);
        } else if (copy.source.driver.id !== copy.target.driver.id) {
          (request.client_copy ? relayed : queued).push(copy);
          details.push({
            ...paths(copy.source, copy.target),
            status: request.client_copy ? 'relay' : 'queued',
          });
        } else {
          const before = { ...counts };
          try {
            await copySameStorage(copy, request.skipExisting, counts);
            const status =
              counts.success > before.success || counts.skipped === before.skipped
                ? 'success'
                : 'skipped';
            details.push({ ...paths(copy.source, copy.target), status });
          } catch (err) {
            counts.failed++;
            const error = err instanceof Error ? err.message : String(err);
            details.push({ ...paths(copy.source, copy.target), status: 'failed', error });
          }
        }
      }
      const taskId =
        queued.length > 0 ? await createTask(actor, queued, request.skipExisting) : null;
      const crossStorageResults = await relay.items(relayed);
      return {
        crossStorage: queued.length + relayed.length > 0,
        ...counts,
        details,
        taskId,
        requiresClientSideCopy: relayed.length > 0,
        crossStorageResults,
      };
    },

    commit: (actor: Actor, request: Parameters<typeof relay.commit>[1]) =>
      relay.commit(actor, request),
  };

  function createTask(actor: Actor, copies: PlannedCopy[], skipExisting: boolean) {
    const payload: CopyPayload = { skipExisting };
    const items = copies.map((copy) =>
      copyItem(
        { source: copy.source.path, target: copy.target.path },
        {
          s: copy.source.driver.id,
          sk: copy.source.key,
          t: copy.target.driver.id,
          tk: copy.target.key,
          dir: copy.isDirectory,
        },
        copy.size,
      ),
    );
    return deps.tasks.create(actor, 'copy', payload, items);
  }
}

function paths(source: { path: string }, target: { path: string }) {
  return { sourcePath: source.path, targetPath: target.path };
}

/** Whether a copy of `from` to `to` in one storage would land on or inside its own source. */
function nests(from: string, to: string, isDirectory: boolean): boolean {
  if (from === to) return true;
  return isDirectory && (from === '' || to.startsWith(`${from}/`));
}

export type FsCopyService = ReturnType<typeof createFsCopyService>;

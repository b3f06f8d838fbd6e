import {
  fileMimetype,
  FS_UPDATE_MAX_BYTES,
  isWithinPath,
  type fsBatchRemovedSchema,
  type FsWritten,
} from '@pasteport/contract';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FsChanges, WrittenEntry } from '../../vfs/fs-changes.js';
import type { NewTaskItem } from '../tasks/task-handler.js';
import type { FsLimits } from './fs-limits.js';
import type { TaskService } from '../tasks/task.service.js';
import { copyItem, type CopyPayload } from './fs-copy.task.js';
import { removeItem } from './fs-remove.task.js';
import { holdsMoreThan, removeFolder, transferObject } from './fs-tree.js';
import {
  assertFileSlot,
  assertNoFileAbove,
  isFile,
  isFolder,
  nameOf,
  type WriteTarget,
  type WriteTargets,
} from './fs-write-target.js';

type BatchRemoved = z.infer<typeof fsBatchRemovedSchema>;

/**
 * Entries a folder may hold to be removed within the batch-remove request; a bigger one is
 * removed by a delete task (a folder of a million objects takes minutes on S3).
 */
export const INLINE_REMOVE_MAX = 1000;

export interface FsWriteDeps {
  targets: WriteTargets;
  limits: FsLimits;
  fsChanges: FsChanges;
  tasks: Pick<TaskService, 'create'>;
  clock: Clock;
}

/** What a write left, as the API answers it. */
export function presentWritten(
  path: string,
  entry: { isDirectory: boolean; size: number; etag: string | null; modified: Date | null },
): FsWritten {
  return {
    path,
    name: nameOf(path),
    isDirectory: entry.isDirectory,
    size: entry.size,
    etag: entry.etag,
    modified: entry.modified?.toISOString() ?? null,
  };
}

/** Announces one write into a target's storage (listing caches and the index follow). */
export function announce(
  fsChanges: FsChanges,
  target: Pick<WriteTarget, 'mount'>,
  change: { written?: WrittenEntry[]; removed?: { key: string; recursive: boolean }[] },
): Promise<void> {
  return fsChanges.emit({ storageConfigId: target.mount.storage_config_id, ...change });
}

/**
 * The file-system writes that need no upload flow (SPEC §7): mkdir, update, rename and
 * batch-remove. Every path passes the write gate (fs-write-target.ts) and every success is
 * announced on fsChanges.
 */
export function createFsWriteService(deps: FsWriteDeps) {
  const { targets, fsChanges } = deps;
  const now = () => deps.clock.now();

  async function assertAbsent(target: WriteTarget): Promise<void> {
    if (target.key === '' || (await isFile(target.driver, target.key))) {
      throw new AppError('ALREADY_EXISTS', `${target.path} already exists`);
    }
    if (await isFolder(target.driver, target.key)) {
      throw new AppError('ALREADY_EXISTS', `${target.path} already exists`);
    }
  }

  /** Moves one file: server-side within a storage, streamed across storages (quota checked). */
  async function moveFile(actor: Actor, from: WriteTarget, to: WriteTarget) {
    const info = await from.driver.stat(from.key);
    if (!info) throw new AppError('NOT_FOUND', `${from.path} does not exist`);
    if (from.driver !== to.driver) await deps.limits.assertFits(actor, to.mount, info.size);
    const result = await transferObject(from, to);
    await from.driver.deleteMany([from.key]);
    await announce(fsChanges, from, { removed: [{ key: from.key, recursive: false }] });
    await announce(fsChanges, to, {
      written: [{ key: to.key, isDirectory: false, size: result.size, modified: now() }],
    });
    return 1;
  }

  /**
   * Moves a folder as a task (SPEC: copy + delete): every file beneath moves on its own (a
   * rename where the storage has one), then the emptied source folder goes. Answers the id.
   */
  function moveFolder(actor: Actor, from: WriteTarget, to: WriteTarget): Promise<string> {
    const payload: CopyPayload = { skipExisting: false, move: true };
    const ref = { s: from.driver.id, sk: from.key, t: to.driver.id, tk: to.key, dir: true };
    const item = copyItem({ source: from.path, target: to.path }, ref, 0);
    return deps.tasks.create(actor, 'copy', payload, [item]);
  }

  /**
   * Removes one path now, or — a folder holding more than INLINE_REMOVE_MAX entries — adds it
   * to `queued` for a delete task ('queued').
   */
  async function removeOne(
    actor: Actor,
    input: string,
    field: string,
    queued: NewTaskItem[],
  ): Promise<'removed' | 'queued'> {
    const target = await targets.entry(actor, input, field);
    if (await isFile(target.driver, target.key)) {
      const [result] = await target.driver.deleteMany([target.key]);
      if (result && !result.ok) throw new AppError(result.code, result.message);
      await announce(fsChanges, target, { removed: [{ key: target.key, recursive: false }] });
      return 'removed';
    }
    if (!(await isFolder(target.driver, target.key))) {
      throw new AppError('NOT_FOUND', `${target.path} does not exist`);
    }
    if (await holdsMoreThan(target.driver, target.key, INLINE_REMOVE_MAX)) {
      queued.push(removeItem(target.path, { s: target.driver.id, sk: target.key, dir: true }));
      return 'queued';
    }
    await removeFolder(target.driver, target.key);
    await announce(fsChanges, target, { removed: [{ key: target.key, recursive: true }] });
    return 'removed';
  }

  return {
    /** `POST /api/fs/mkdir`: a new folder (parents as needed); 409 when anything is there. */
    async mkdir(actor: Actor, input: { path: string }): Promise<FsWritten> {
      const target = await targets.folder(actor, input.path, 'path');
      await assertAbsent(target);
      await assertNoFileAbove(target.driver, target.key);
      await target.driver.createFolder(target.key);
      const modified = now();
      await announce(fsChanges, target, {
        written: [{ key: target.key, isDirectory: true, size: 0, modified }],
      });
      return presentWritten(target.path, { isDirectory: true, size: 0, etag: null, modified });
    },

    /** `POST /api/fs/update`: creates or replaces a text file of at most 10 MB. */
    async update(actor: Actor, input: { path: string; content: string }): Promise<FsWritten> {
      const target = await targets.entry(actor, input.path, 'path');
      const body = Buffer.from(input.content, 'utf8');
      if (body.length > FS_UPDATE_MAX_BYTES) {
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `content is larger than ${FS_UPDATE_MAX_BYTES} bytes`,
          {
            details: [
              {
                field: 'content',
                rule: 'max_bytes',
                message: `at most ${FS_UPDATE_MAX_BYTES} bytes`,
              },
            ],
          },
        );
      }
      await deps.limits.assertFits(actor, target.mount, body.length);
      await assertFileSlot(target.driver, target.key);
      const written = await target.driver.write(target.key, Readable.from(body), {
        contentType: fileMimetype(nameOf(target.key), 'text/plain'),
        contentLength: body.length,
      });
      const modified = now();
      await announce(fsChanges, target, {
        written: [{ key: target.key, isDirectory: false, size: written.size, modified }],
      });
      return presentWritten(target.path, { isDirectory: false, ...written, modified });
    },

    /**
     * `POST /api/fs/rename`: a file or a folder (everything beneath it) to a new path, in the
     * same mount, another mount on the same storage (a rename or server-side copy) or another
     * storage (streamed). A file moves within the request; a folder moves in a task whose id is
     * answered. 409 when the target exists; a folder into itself is 400.
     */
    async rename(actor: Actor, input: { oldPath: string; newPath: string }) {
      const from = await targets.entry(actor, input.oldPath, 'oldPath');
      const to = await targets.entry(actor, input.newPath, 'newPath');
      if (isWithinPath(from.path, to.path)) {
        throw new AppError('VALIDATION_FAILED', 'newPath: cannot move a folder into itself', {
          details: [
            { field: 'newPath', rule: 'into_itself', message: 'is oldPath or lies inside it' },
          ],
        });
      }
      const file = await isFile(from.driver, from.key);
      if (!file && !(await isFolder(from.driver, from.key))) {
        throw new AppError('NOT_FOUND', `${from.path} does not exist`);
      }
      await assertAbsent(to);
      await assertNoFileAbove(to.driver, to.key);
      const paths = { oldPath: from.path, newPath: to.path };
      if (file)
        return {
          ...paths,
          isDirectory: false,
          moved: await moveFile(actor, from, to),
          taskId: null,
        };
      return { ...paths, isDirectory: true, moved: 0, taskId: await moveFolder(actor, from, to) };
    },

    /**
     * `DELETE /api/fs/batch-remove`: files, and folders with everything beneath them. Each
     * path is answered on its own; folders of more than INLINE_REMOVE_MAX entries are removed
     * by one delete task (`taskId`, and `queued` on their results); when every path failed for the same reason, the call fails
     * with it (a read-only mount is 403 READ_ONLY), the per-path answers in `data`.
     */
    async batchRemove(actor: Actor, input: { paths: string[] }): Promise<BatchRemoved> {
      const results: BatchRemoved['results'] = [];
      const queued: NewTaskItem[] = [];
      for (const [index, path] of input.paths.entries()) {
        try {
          const outcome = await removeOne(actor, path, `paths[${index}]`, queued);
          results.push({
            path,
            success: true,
            error: null,
            code: null,
            queued: outcome === 'queued',
          });
        } catch (err) {
          if (!isAppError(err)) throw err;
          results.push({ path, success: false, error: err.message, code: err.code, queued: false });
        }
      }
      const taskId =
        queued.length > 0 ? await deps.tasks.create(actor, 'delete', {}, queued) : null;
      const failed = results.filter((result) => !result.success);
      const answer = {
        results,
        success: results.length - failed.length,
        failed: failed.length,
        taskId,
      };
      const codes = new Set(failed.map((result) => result.code));
      const [first] = failed;
      if (first && failed.length === results.length && codes.size === 1) {
        throw new AppError(first.code as AppError['code'], first.error ?? 'nothing was removed', {
          data: answer,
        });
      }
      return answer;
    },
  };
}

export type FsWriteService = ReturnType<typeof createFsWriteService>;

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
import type { FsLimits } from './fs-limits.js';
import { copyFolder, removeFolder, transferObject } from './fs-tree.js';
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

export interface FsWriteDeps {
  targets: WriteTargets;
  limits: FsLimits;
  fsChanges: FsChanges;
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

  /** Moves a folder: copies every object beneath (page by page), then removes the source. */
  async function moveFolder(actor: Actor, from: WriteTarget, to: WriteTarget) {
    const crossStorage = from.driver !== to.driver;
    const moved = await copyFolder(from, to, {
      beforeObject: crossStorage
        ? (object) => deps.limits.assertFits(actor, to.mount, object.size)
        : undefined,
      onPage: (written) => announce(fsChanges, to, { written }),
    });
    await removeFolder(from.driver, from.key);
    await announce(fsChanges, from, { removed: [{ key: from.key, recursive: true }] });
    await announce(fsChanges, to, {
      written: [{ key: to.key, isDirectory: true, size: 0, modified: now() }],
    });
    return moved;
  }

  async function removeOne(actor: Actor, input: string, field: string): Promise<void> {
    const target = await targets.entry(actor, input, field);
    if (await isFile(target.driver, target.key)) {
      const [result] = await target.driver.deleteMany([target.key]);
      if (result && !result.ok) throw new AppError(result.code, result.message);
      await announce(fsChanges, target, { removed: [{ key: target.key, recursive: false }] });
      return;
    }
    if (!(await isFolder(target.driver, target.key))) {
      throw new AppError('NOT_FOUND', `${target.path} does not exist`);
    }
    await removeFolder(target.driver, target.key);
    await announce(fsChanges, target, { removed: [{ key: target.key, recursive: true }] });
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
     * same mount, another mount on the same storage (server-side copies) or another storage
     * (streamed). 409 when the target exists; a folder into itself is 400.
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
      const moved = file ? await moveFile(actor, from, to) : await moveFolder(actor, from, to);
      return { oldPath: from.path, newPath: to.path, isDirectory: !file, moved };
    },

    /**
     * `DELETE /api/fs/batch-remove`: files, and folders with everything beneath them. Each
     * path is answered on its own; when every path failed for the same reason, the call fails
     * with it (a read-only mount is 403 READ_ONLY), the per-path answers in `data`.
     */
    async batchRemove(actor: Actor, input: { paths: string[] }): Promise<BatchRemoved> {
      const results: BatchRemoved['results'] = [];
      for (const [index, path] of input.paths.entries()) {
        try {
          await removeOne(actor, path, `paths[${index}]`);
          results.push({ path, success: true, error: null, code: null });
        } catch (err) {
          if (!isAppError(err)) throw err;
          results.push({ path, success: false, error: err.message, code: err.code });
        }
      }
      const failed = results.filter((result) => !result.success);
      const answer = { results, success: results.length - failed.length, failed: failed.length };
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

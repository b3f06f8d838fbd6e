import {
  BATCH_COPY_COMMIT_MAX_FILES,
  type batchCopyCommitRequestSchema,
  type CrossStorageItem,
} from '@pasteport/contract';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { FsChanges } from '../../vfs/fs-changes.js';
import type { PlannedCopy } from './fs-copy.service.js';
import { folderPrefix, joinKey } from './fs-copy.task.js';
import { nameOf, type WriteTargets } from './fs-write-target.js';

type CommitRequest = z.output<typeof batchCopyCommitRequestSchema>;

/** One file of a relayed copy: where it comes from and goes to. */
interface RelayFile {
  copy: PlannedCopy;
  sourceKey: string;
  targetKey: string;
  relativeDir: string;
}

/**
 * The SPEC's client-side relay of a cross-storage copy: one presigned download and upload per
 * file (folders expanded page by page, at most BATCH_COPY_COMMIT_MAX_FILES files), and the
 * commit, which believes nothing the client says about a file: each target is looked up in
 * its storage (size and ETag from there) and only then announced.
 */
export function createCopyRelay(deps: {
  writeTargets: WriteTargets;
  fsChanges: FsChanges;
  clock: Clock;
}) {
  async function* filesOf(copy: PlannedCopy): AsyncGenerator<RelayFile> {
    if (!copy.isDirectory) {
      yield { copy, sourceKey: copy.source.key, targetKey: copy.target.key, relativeDir: '' };
      return;
    }
    const prefix = folderPrefix(copy.source.key);
    let cursor: string | null = null;
    do {
      const page = await copy.source.driver.list(prefix, { cursor });
      for (const object of page.objects) {
        if (object.key.endsWith('/')) continue;
        const rest = object.key.slice(prefix.length);
        const dir = rest.includes('/') ? rest.slice(0, rest.lastIndexOf('/')) : '';
        yield {
          copy,
          sourceKey: object.key,
          targetKey: joinKey(copy.target.key, rest),
          relativeDir: dir,
        };
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  async function describe(file: RelayFile): Promise<CrossStorageItem> {
    const { copy } = file;
    const info = await copy.source.driver.stat(file.sourceKey);
    if (!info) throw new AppError('NOT_FOUND', `${file.sourceKey} disappeared`);
    const fileName = nameOf(file.sourceKey);
    const [download, upload] = await Promise.all([
      copy.source.driver.presignGet(file.sourceKey, { filename: fileName }),
      copy.target.driver.presignPut(file.targetKey, {
        contentType: info.contentType,
        contentLength: info.size,
      }),
    ]);
    const below = file.targetKey.slice(copy.target.key.length);
    return {
      sourcePath: copy.source.path + file.sourceKey.slice(copy.source.key.length),
      targetPath: copy.target.path + below,
      downloadUrl: download.url,
      uploadUrl: upload.url,
      uploadHeaders: upload.headers,
      targetMount: copy.target.mount.id,
      targetKey: file.targetKey,
      contentType: info.contentType,
      fileName,
      fileSize: info.size,
      isDirectory: false,
      relativeDir: file.relativeDir,
    };
  }

  return {
    /** The presigned pairs for every file the planned copies hold. */
    async items(copies: readonly PlannedCopy[]): Promise<CrossStorageItem[]> {
      const results: CrossStorageItem[] = [];
      for (const copy of copies) {
        for await (const file of filesOf(copy)) {
          if (results.length >= BATCH_COPY_COMMIT_MAX_FILES) {
            throw new AppError(
              'VALIDATION_FAILED',
              `client_copy: at most ${BATCH_COPY_COMMIT_MAX_FILES} files can be relayed at once; copy without client_copy to let the server stream them`,
              { details: [{ field: 'client_copy', rule: 'max', message: 'too many files' }] },
            );
          }
          results.push(await describe(file));
        }
      }
      return results;
    },

    /** POST /api/fs/batch-copy-commit: each target is checked in storage, then announced. */
    async commit(actor: Actor, request: CommitRequest) {
      const checked = [];
      for (const [i, file] of request.files.entries()) {
        const field = `files[${i}].targetPath`;
        const target = await deps.writeTargets.entry(actor, file.targetPath, field);
        if (target.mount.id !== request.targetMountId) {
          throw new AppError('VALIDATION_FAILED', `${field}: not inside the mount targetMountId`, {
            details: [{ field, rule: 'mount', message: 'not inside targetMountId' }],
          });
        }
        if (file.s3Path !== undefined && file.s3Path !== target.key) {
          const s3Field = `files[${i}].s3Path`;
          throw new AppError('VALIDATION_FAILED', `${s3Field}: does not match targetPath`, {
            details: [{ field: s3Field, rule: 'match', message: 'does not match targetPath' }],
          });
        }
        checked.push(target);
      }
      const files = [];
      for (const target of checked) {
        const info = await target.driver.stat(target.key);
        if (!info) {
          files.push({
            targetPath: target.path,
            success: false,
            size: null,
            etag: null,
            error: 'not uploaded',
          });
          continue;
        }
        await deps.fsChanges.emit({
          storageConfigId: target.driver.id,
          written: [
            { key: target.key, isDirectory: false, size: info.size, modified: info.lastModified },
          ],
        });
        files.push({ targetPath: target.path, success: true, size: info.size, etag: info.etag });
      }
      const success = files.filter((f) => f.success).length;
      return { success, failed: files.length - success, files };
    },
  };
}

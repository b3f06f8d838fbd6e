import { fileMimetype, filenameSchema, type FileDetail } from '@pasteport/contract';
import { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { creatorId } from '../../core/access-policy.js';
import { claimSlug } from '../../core/share/claim-slug.js';
import { goneError } from '../../core/share/share-gate.js';
import { parseWith } from '../../http/validate.js';
import type { Clock } from '../../lib/clock.js';
import type { ObjectInfo } from '../../storage/storage-driver.js';
import type { FsChange } from '../../vfs/fs-changes.js';
import type { FileRepository, FileRow, StoragePlace } from './file.repository.js';
import { presentFileDetail } from './file.presenter.js';
import type { PendingFiles, ShareOptions } from './pending-files.js';
import { newFileId } from './upload-policy.js';

/** Whether deleting the share removes its stored object: not when a mount owns it. */
export const ownsStoredObject = (row: Pick<FileRow, 'source_path'>): boolean =>
  row.source_path === null;

/** An object of a mount to share: where it is, and what storage said about it. */
export interface MountObject {
  storageConfigId: string;
  key: string;
  /** The virtual path it is shared from (shown to its owner; marks the share as linked). */
  sourcePath: string;
  info: ObjectInfo;
}

/** The share's name: the object's last path segment, under the one file-name rule. */
const nameSchema = z.object({ path: filenameSchema });

/**
 * File shares that point at an object a mount holds (POST /api/fs/share): nothing is copied,
 * the share is ready at once, and deleting or sweeping it leaves the object alone. When the
 * object is removed, moved or replaced in its mount, the share answers 410 `source_removed`:
 * writes through this server mark it at once (fs changes), anything else is found when the
 * share is read (the object is missing or its ETag changed).
 */
export function createLinkedShares(deps: {
  files: FileRepository;
  pending: Pick<PendingFiles, 'newShareFields'>;
  clock: Clock;
  publicUrl: string | undefined;
}) {
  const now = () => deps.clock.now().toISOString();

  return {
    async create(actor: Actor, object: MountObject, options: ShareOptions): Promise<FileDetail> {
      const lastSegment = object.sourcePath.slice(object.sourcePath.lastIndexOf('/') + 1);
      const { path: filename } = parseWith(nameSchema, { path: lastSegment }, 'body');
      const stamp = now();
      const base = {
        id: newFileId(),
        filename,
        size: object.info.size,
        mimetype: fileMimetype(filename, object.info.contentType),
        ...(await deps.pending.newShareFields(options)),
        storage_config_id: object.storageConfigId,
        storage_path: object.key,
        etag: object.info.etag,
        status: 'ready',
        upload_id: null,
        part_size: null,
        upload_secret_hash: null,
        source_path: object.sourcePath,
        source_removed_at: null,
        created_by: creatorId(actor),
        created_at: stamp,
        updated_at: stamp,
      };
      const row = await claimSlug(options.slug, async (slug) => {
        const candidate = { ...base, slug, slug_key: slug.toLowerCase() };
        return (await deps.files.insert(candidate)) ? candidate : undefined;
      });
      return presentFileDetail(row, deps.publicUrl ?? '');
    },

    /**
     * How many live shares (ready, unexpired, views left, object not seen removed) point at
     * each place's object or at objects beneath it, now; one count per place, in order.
     */
    liveShareCounts(places: readonly StoragePlace[]): Promise<number[]> {
      return deps.files.countLiveShares(places, now());
    },

    /** The fs-changes listener: shares of removed objects (and of folders' contents) end. */
    async follow(change: FsChange): Promise<void> {
      if (!change.removed?.length) return;
      await deps.files.markSourcesRemoved(change.storageConfigId, change.removed, now());
    },

    /** 410 for a linked share already seen without its object. */
    assertSourcePresent(row: FileRow): void {
      if (row.source_removed_at !== null) throw goneError('file', 'source_removed');
    },

    /**
     * Before serving a linked share's bytes: the object must still be the one shared (same
     * ETag). Otherwise the share is marked and the answer is 410; the stat is handed on.
     */
    async checkSource(
      row: FileRow,
      stat: (key: string) => Promise<ObjectInfo | null>,
    ): Promise<ObjectInfo | undefined> {
      if (ownsStoredObject(row)) return undefined;
      this.assertSourcePresent(row);
      const info = await stat(row.storage_path);
      if (info && info.etag === row.etag) return info;
      await deps.files.markSourceRemoved(row.id, now());
      throw goneError('file', 'source_removed');
    },
  };
}

export type LinkedShares = ReturnType<typeof createLinkedShares>;
export type { StoragePlace };

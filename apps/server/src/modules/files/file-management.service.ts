import type { FileDetail, FileList, UpdateFileRequest } from '@pasteport/contract';
import type { Updateable } from 'kysely';
import type { FilesTable } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Actor } from '../../core/actor.js';
import { ownedCreatorIds } from '../../core/access-policy.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { FileFilter, FileRepository, FileRow } from './file.repository.js';
import { presentFileDetail } from './file.presenter.js';
import { slugTaken } from '../../core/share/claim-slug.js';
import { ownsStoredObject } from './linked-shares.js';
import type { FsChanges } from '../../vfs/fs-changes.js';

const HOUR_MS = 3_600_000;

/**
 * Managing file shares: the admin sees all, an API key only its own (another's id answers 404).
 * Deleting a share removes its stored object too.
 */
export function createFileManagementService(deps: {
  files: FileRepository;
  storage: StorageRegistry;
  clock: Clock;
  publicUrl: string | undefined;
  logger: { warn(obj: object, msg: string): void };
  /** Where removed objects are announced (mount listings and search follow the storage). */
  changes?: Pick<FsChanges, 'emit'>;
}) {
  const scope = (actor: Actor): FileFilter => {
    const createdBy = ownedCreatorIds(actor);
    return createdBy ? { createdBy } : {};
  };
  const notFound = (id: string) => new AppError('NOT_FOUND', `no file ${id}`);
  const present = (row: FileRow) => presentFileDetail(row, deps.publicUrl ?? '');

  /**
   * Removes stored objects of deleted rows (not a mount share's: the mount owns it); a storage
   * failure is logged, never blocks.
   */
  async function removeObjects(rows: readonly FileRow[]): Promise<void> {
    const byConfig = new Map<string, string[]>();
    for (const row of rows.filter(ownsStoredObject)) {
      byConfig.set(row.storage_config_id, [
        ...(byConfig.get(row.storage_config_id) ?? []),
        row.storage_path,
      ]);
    }
    for (const [configId, keys] of byConfig) {
      try {
        const driver = await deps.storage.getDriver(configId);
        const results = await driver.deleteMany(keys);
        const removed = results.filter((r) => r.ok).map((r) => ({ key: r.key, recursive: false }));
        await deps.changes?.emit({ storageConfigId: configId, removed });
        const failed = results.filter((r) => !r.ok);
        if (failed.length > 0) deps.logger.warn({ configId, failed }, 'stored files not deleted');
      } catch (err) {
        deps.logger.warn({ err, configId }, 'stored files not deleted');
      }
    }
  }

  return {
    removeObjects,

    async list(
      actor: Actor,
      page: { limit: number; offset: number },
      search?: string,
    ): Promise<FileList> {
      const { rows, total } = await deps.files.list({ ...scope(actor), search }, page);
      return { items: rows.map(present), total, limit: page.limit, offset: page.offset };
    },

    async get(actor: Actor, id: string): Promise<FileDetail> {
      const row = await deps.files.findById(id, scope(actor));
      if (row?.status !== 'ready') throw notFound(id);
      return present(row);
    },

    async update(actor: Actor, id: string, input: UpdateFileRequest): Promise<FileDetail> {
      const changes: Updateable<FilesTable> = { updated_at: deps.clock.now().toISOString() };
      if (input.slug !== undefined) {
        Object.assign(changes, { slug: input.slug, slug_key: input.slug.toLowerCase() });
      }
      if (input.filename !== undefined) changes.filename = input.filename;
      if (input.remark !== undefined) changes.remark = input.remark;
      if (input.password !== undefined) {
        changes.password_hash = input.password === null ? null : await hashPassword(input.password);
      }
      if (input.expires_in !== undefined) {
        changes.expires_at =
          input.expires_in === 0
            ? null
            : new Date(deps.clock.now().getTime() + input.expires_in * HOUR_MS).toISOString();
      }
      if (input.max_views !== undefined) changes.max_views = input.max_views;
      if (input.access_mode !== undefined) changes.access_mode = input.access_mode;
      const result = await deps.files.update(id, changes, scope(actor));
      if (result === 'missing') throw notFound(id);
      if (result === 'taken') throw slugTaken(input.slug ?? '');
      return present(result);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const rows = await deps.files.deleteMany([id], scope(actor));
      if (rows.length === 0) throw notFound(id);
      await removeObjects(rows);
    },

    async batchDelete(actor: Actor, ids: readonly string[]): Promise<{ deleted: number }> {
      const rows = await deps.files.deleteMany(ids, scope(actor));
      await removeObjects(rows);
      return { deleted: rows.length };
    },
  };
}

export type FileManagementService = ReturnType<typeof createFileManagementService>;

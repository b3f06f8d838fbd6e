import type { FileDetail, ShareFromMountRequest } from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { hasPermission } from '../../core/access-policy.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import { resolvePath } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';
import type { LinkedShares } from '../files/linked-shares.js';
import type { ShareOptions } from '../files/pending-files.js';

type ShareInput = ShareOptions & Pick<ShareFromMountRequest, 'path'>;

const notAFile = (path: string, why: string) =>
  new AppError('VALIDATION_FAILED', `path: ${path} ${why}`, {
    details: [{ field: 'path', rule: 'file', message: why }],
  });

/**
 * Sharing a file a mount holds (POST /api/fs/share): the caller must see the path in full and
 * hold the file permission (the share is a file share it then manages); a read-only mount
 * level is enough, since nothing is written into the mount.
 */
export function createFsShareService(deps: {
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver'>;
  linked: Pick<LinkedShares, 'create'>;
}) {
  return {
    async share(actor: Actor, input: ShareInput): Promise<FileDetail> {
      if (!hasPermission(actor, 'file')) {
        throw new AppError('PERMISSION_DENIED', 'sharing a file needs the file permission');
      }
      const { path: given, ...options } = input;
      const path = normalizePath(given, 'path');
      const place = resolvePath(await deps.mountTable.active(), actor, path);
      if (place.kind !== 'mount' || place.key === '') {
        throw notAFile(path, 'is a folder: only files can be shared');
      }
      const driver = await deps.storage.getDriver(place.mount.storage_config_id);
      const info = await driver.stat(place.key);
      if (!info) {
        const inside = await driver.list(`${place.key}/`, { limit: 1 });
        if (inside.objects.length > 0 || inside.prefixes.length > 0) {
          throw notAFile(path, 'is a folder: only files can be shared');
        }
        throw new AppError('NOT_FOUND', `${path} does not exist`);
      }
      return deps.linked.create(
        actor,
        { storageConfigId: place.mount.storage_config_id, key: place.key, sourcePath: path, info },
        options,
      );
    },
  };
}

export type FsShareService = ReturnType<typeof createFsShareService>;

import type {
  FileDetail,
  ShareFromMountRequest,
  SharedPaths,
  SharedPathsRequest,
} from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { hasPermission } from '../../core/access-policy.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import { resolvePath } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';
import type { LinkedShares, StoragePlace } from '../files/linked-shares.js';
import type { ShareOptions } from '../files/pending-files.js';

type ShareInput = ShareOptions & Pick<ShareFromMountRequest, 'path'>;

const notAFile = (path: string, why: string) =>
  new AppError('VALIDATION_FAILED', `path: ${path} ${why}`, {
    details: [{ field: 'path', rule: 'file', message: why }],
  });

const virtualFolder = (field: string, path: string) => {
  const message = 'is a virtual folder: ask about files and folders of a mount';
  return new AppError('VALIDATION_FAILED', `${field}: ${path} ${message}`, {
    details: [{ field, rule: 'mount', message }],
  });
};

/**
 * Sharing a file a mount holds (POST /api/fs/share): the caller must see the path in full and
 * hold the file permission (the share is a file share it then manages); a read-only mount
 * level is enough, since nothing is written into the mount. And which paths are shared
 * (POST /api/fs/shared), so deleting them can be warned about.
 */
export function createFsShareService(deps: {
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver'>;
  linked: Pick<LinkedShares, 'create' | 'liveShareCounts'>;
}) {
  return {
    /**
     * How many live shares point at each path's object, or at objects beneath a folder. Every
     * path passes the read gate (the one path rule, then the mount space: PATH_FORBIDDEN outside
     * an API key's basic path, whether or not it exists) before anything is counted, so a key
     * learns nothing of paths it cannot read; and only counts are answered, never which shares.
     * Shares are found by storage and key, not by the path they were made through, so a share
     * made through another mount of the same storage (or an upload stored there) counts too.
     */
    async sharedPaths(actor: Actor, input: SharedPathsRequest): Promise<SharedPaths> {
      const normalised = input.paths.map((path, i) => normalizePath(path, `paths[${i}]`));
      const mounts = await deps.mountTable.active();
      const places = normalised.map((path, i): StoragePlace => {
        const place = resolvePath(mounts, actor, path);
        if (place.kind !== 'mount') throw virtualFolder(`paths[${i}]`, path);
        return { storageConfigId: place.mount.storage_config_id, key: place.key };
      });
      const counts = await deps.linked.liveShareCounts(places);
      return {
        shared: input.paths.flatMap((path, i) => {
          const shares = counts[i] ?? 0;
          return shares > 0 ? [{ path, shares }] : [];
        }),
      };
    },

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

import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { ObjectInfo, StorageDriver } from '../../storage/storage-driver.js';
import { resolvePath, type ResolvedPath, type VirtualEntry } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { folderExists } from '../fs/directory-listing.js';
import { assertNoFileAbove, type WriteTarget } from '../fs/fs-write-target.js';
import { DavError } from './dav-error.js';
import { parentOf } from './dav-paths.js';
import type { PropertyOwner } from './dav-property.repository.js';

type ActiveMount = Extract<ResolvedPath, { kind: 'mount' }>['mount'];

interface InMount {
  path: string;
  mount: ActiveMount;
  key: string;
  driver: StorageDriver;
}

/** What a WebDAV URL names, as the caller may see it. */
export type DavResource =
  /** A folder above mount paths: read-only, listing mount roots and the way to deeper ones. */
  | { kind: 'virtual'; path: string; entries: VirtualEntry[] }
  /** A folder in a mount (key '' for the mount root). */
  | ({ kind: 'folder' } & InMount)
  | ({ kind: 'file'; info: ObjectInfo } & InMount)
  /** Nothing there yet, inside a mount (a PUT or MKCOL may create it). */
  | ({ kind: 'missing' } & InMount)
  /** Nothing there, above every mount. */
  | { kind: 'nowhere'; path: string };

export const isCollection = (resource: DavResource) =>
  resource.kind === 'virtual' || resource.kind === 'folder';

/** Where a resource's dead properties live; virtual folders have none. */
export function ownerOf(resource: DavResource): PropertyOwner | null {
  return 'mount' in resource
    ? { storageId: resource.mount.storage_config_id, key: resource.key }
    : null;
}

/**
 * Resolves a normalised path through the mount space (the one resolver the fs API uses):
 * outside an API key's reach is PATH_FORBIDDEN (403) whether or not anything is there; inside
 * a mount the object is stat'ed, then looked for as a folder.
 */
export function createDavResources(deps: {
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver'>;
}) {
  return {
    async locate(actor: Actor, path: string): Promise<DavResource> {
      let resolved: ResolvedPath;
      try {
        resolved = resolvePath(await deps.mountTable.active(), actor, path);
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return { kind: 'nowhere', path };
        throw err;
      }
      if (resolved.kind === 'virtual') {
        return { kind: 'virtual', path, entries: resolved.entries };
      }
      const driver = await deps.storage.getDriver(resolved.mount.storage_config_id);
      const place = { path, mount: resolved.mount, key: resolved.key, driver };
      if (place.key === '') return { kind: 'folder', ...place };
      const info = await driver.stat(place.key);
      if (info) return { kind: 'file', info, ...place };
      if (await folderExists(driver, place.key)) return { kind: 'folder', ...place };
      return { kind: 'missing', ...place };
    },
  };
}

export type DavResources = ReturnType<typeof createDavResources>;

export const parentKeyOf = (key: string) =>
  key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '';

/** 409 unless the folder a new resource goes into exists (RFC 4918: no implicit parents). */
export async function assertParent(target: WriteTarget): Promise<void> {
  const parentKey = parentKeyOf(target.key);
  if (parentKey !== '' && !(await folderExists(target.driver, parentKey))) {
    throw new DavError(409, `the collection ${parentOf(target.path)} does not exist`);
  }
  try {
    await assertNoFileAbove(target.driver, target.key);
  } catch (err) {
    if (err instanceof AppError) throw new DavError(409, err.message);
    throw err;
  }
}

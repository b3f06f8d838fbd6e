import {
  FALLBACK_MEDIA_TYPE,
  mediaTypeOfName,
  mountStorageTypeOf,
  pathSegments,
  type FsFileLink,
  type FsFileLinkQuery,
  type FsInfo,
  type FsItem,
  type FsList,
  type FsListQuery,
} from '@pasteport/contract';
import type { Logger } from 'pino';
import type { Actor } from '../../core/actor.js';
import type { ServedObject } from '../../http/serve-object.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { ObjectInfo, StorageDriver } from '../../storage/storage-driver.js';
import {
  compareNames,
  mayWriteMounts,
  mountEntriesUnder,
  mountsFor,
  resolvePath,
  visibilityOf,
  type MountHit,
  type VirtualEntry,
} from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';
import {
  folderExists,
  invalidCursor,
  readFolderPage,
  type CursorCodec,
  type FolderPage,
} from './directory-listing.js';
import type { ListingCache } from './listing-cache.js';

type ActiveMount = MountHit['mount'];

/** A mount's last use is written at most this often (per mount, per instance). */
const TOUCH_INTERVAL_MS = 60_000;

export interface FsReadDeps {
  mountTable: Pick<MountTable, 'active'>;
  storage: Pick<StorageRegistry, 'getDriver' | 'getConfig'>;
  cache: Pick<ListingCache, 'get' | 'put' | 'mark'>;
  cursors: CursorCodec;
  /** Records a mount's use (the mount repository's `touch`). */
  touchMount: (id: string, at: string) => Promise<void>;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
}

/** A place in a mount the caller fully sees, with its storage's driver. */
interface MountPlace {
  path: string;
  mount: ActiveMount;
  key: string;
  driver: StorageDriver;
}

const nameOf = (path: string) => pathSegments(path).at(-1) ?? '';
const childPath = (path: string, name: string) => (path === '/' ? `/${name}` : `${path}/${name}`);

/**
 * The file system's reads (SPEC §7): list, get, download and file-link. Every path goes through
 * the one normaliser and the one resolver of the mount space, so a key never reads or names
 * anything outside its basic path.
 */
export function createFsReadService(deps: FsReadDeps) {
  const lastTouched = new Map<string, number>();

  function touch(mount: ActiveMount): void {
    const now = deps.clock.now().getTime();
    const last = lastTouched.get(mount.id);
    if (last !== undefined && now - last < TOUCH_INTERVAL_MS) return;
    lastTouched.set(mount.id, now);
    deps.touchMount(mount.id, new Date(now).toISOString()).catch((err: unknown) => {
      deps.logger.warn({ err, mountId: mount.id }, 'could not record a mount use');
    });
  }

  async function resolve(actor: Actor, input: string) {
    const path = normalizePath(input, 'path');
    const mounts = await deps.mountTable.active();
    const resolved = resolvePath(mounts, actor, path);
    if (resolved.kind === 'virtual') return { ...resolved, mounts };
    touch(resolved.mount);
    const driver = await deps.storage.getDriver(resolved.mount.storage_config_id);
    return { ...resolved, driver, mounts };
  }

  /** A storage type for a mount entry; a storage that cannot be opened just shows none. */
  async function storageTypeOf(mount: ActiveMount) {
    try {
      return mountStorageTypeOf((await deps.storage.getDriver(mount.storage_config_id)).kind);
    } catch {
      return undefined;
    }
  }

  async function folderItem(entry: VirtualEntry): Promise<FsItem> {
    const item: FsItem = {
      name: entry.name,
      path: entry.path,
      isDirectory: true,
      size: 0,
      modified: null,
      mimetype: null,
    };
    if (!entry.mount) return item;
    const storageType = await storageTypeOf(entry.mount);
    return {
      ...item,
      isMount: true,
      mount_id: entry.mount.id,
      ...(storageType && { storage_type: storageType }),
    };
  }

  async function readPage(place: MountPlace, cursor: string | null, limit: number) {
    const ref = { storageId: place.mount.storage_config_id, folderKey: place.key, cursor, limit };
    const cached = deps.cache.get(ref, place.mount.cache_ttl);
    if (cached) return cached;
    const mark = deps.cache.mark();
    const page = await readFolderPage(place.driver, ref);
    deps.cache.put(ref, page, place.mount.cache_ttl, mark);
    return page;
  }

  async function listMount(
    actor: Actor,
    place: MountPlace & { mounts: readonly ActiveMount[] },
    query: FsListQuery,
  ): Promise<FsList> {
    const storageId = place.mount.storage_config_id;
    const cursor =
      query.cursor === undefined
        ? null
        : deps.cursors.decode(query.cursor, { storageId, folderKey: place.key });
    const page: FolderPage = await readPage(place, cursor, query.limit);
    if (!page.exists) throw new AppError('NOT_FOUND', `${place.path} does not exist`);
    // Mounts nested below this folder show as folders: on the first page, and never twice.
    const nested = mountEntriesUnder(mountsFor(actor, place.mounts), place.path).filter(
      (entry) => visibilityOf(actor, entry.path) !== 'none',
    );
    const nestedNames = new Set(nested.map((entry) => entry.name));
    const storageFolders = page.folders
      .filter((name) => !nestedNames.has(name))
      .map((name): VirtualEntry => ({ name, path: childPath(place.path, name), mount: null }));
    const entries = cursor === null ? [...nested, ...storageFolders] : storageFolders;
    const items = await Promise.all(entries.map(folderItem));
    items.sort((a, b) => compareNames(a.name, b.name));
    for (const file of page.files) {
      items.push({
        name: file.name,
        path: childPath(place.path, file.name),
        isDirectory: false,
        size: file.size,
        modified: file.modified,
        mimetype: mediaTypeOfName(file.name),
        etag: file.etag,
      });
    }
    return {
      path: place.path,
      isVirtual: false,
      mount_id: place.mount.id,
      storage_type: mountStorageTypeOf(place.driver.kind),
      writable: mayWriteMounts(actor) && place.mount.read_only !== 1,
      items,
      next_cursor:
        page.next === null
          ? null
          : deps.cursors.encode({ storageId, folderKey: place.key, cursor: page.next }),
    };
  }

  /** The object a path names, or NOT_FOUND (a folder is not a file). */
  async function statFile(place: MountPlace): Promise<ObjectInfo> {
    const info = place.key === '' ? null : await place.driver.stat(place.key);
    if (!info) throw new AppError('NOT_FOUND', `${place.path} is not a file`);
    return info;
  }

  return {
    async list(actor: Actor, query: FsListQuery): Promise<FsList> {
      const resolved = await resolve(actor, query.path);
      if (resolved.kind === 'mount') return listMount(actor, resolved, query);
      // A virtual folder is whole on one page; no cursor of ours ever continues it.
      if (query.cursor !== undefined) invalidCursor();
      return {
        path: resolved.path,
        isVirtual: true,
        mount_id: null,
        storage_type: null,
        writable: false,
        items: await Promise.all(resolved.entries.map(folderItem)),
        next_cursor: null,
      };
    },

    async info(actor: Actor, input: string): Promise<FsInfo> {
      const resolved = await resolve(actor, input);
      const folder = {
        name: nameOf(resolved.path),
        path: resolved.path,
        isDirectory: true as const,
        size: 0,
        modified: null,
        mimetype: null,
      };
      if (resolved.kind === 'virtual') {
        return { ...folder, isVirtual: true, mount_id: null, storage_type: null };
      }
      const where = {
        mount_id: resolved.mount.id,
        storage_type: mountStorageTypeOf(resolved.driver.kind),
      };
      const stat = resolved.key === '' ? null : await resolved.driver.stat(resolved.key);
      if (stat) {
        return {
          name: folder.name,
          path: resolved.path,
          isDirectory: false,
          size: stat.size,
          modified: stat.lastModified.toISOString(),
          mimetype: mediaTypeOfName(folder.name),
          etag: stat.etag,
          ...where,
        };
      }
      if (resolved.key !== '' && !(await folderExists(resolved.driver, resolved.key))) {
        throw new AppError('NOT_FOUND', `${resolved.path} does not exist`);
      }
      return { ...folder, isVirtual: false, ...where };
    },

    /** What GET/HEAD /api/fs/download serves (always an attachment). */
    async openDownload(actor: Actor, input: string): Promise<ServedObject> {
      const resolved = await resolve(actor, input);
      if (resolved.kind === 'virtual') {
        throw new AppError('NOT_FOUND', `${resolved.path} is not a file`);
      }
      const info = await statFile(resolved);
      const name = nameOf(resolved.path);
      const stored = info.contentType;
      return {
        driver: resolved.driver,
        key: resolved.key,
        size: info.size,
        contentType: stored && stored !== FALLBACK_MEDIA_TYPE ? stored : mediaTypeOfName(name),
        filename: name,
        use: 'download',
        cacheControl: 'private, no-cache',
        etag: info.etag,
        info,
      };
    },

    async fileLink(actor: Actor, query: FsFileLinkQuery): Promise<FsFileLink> {
      const resolved = await resolve(actor, query.path);
      if (resolved.kind === 'virtual') {
        throw new AppError('NOT_FOUND', `${resolved.path} is not a file`);
      }
      await statFile(resolved);
      const name = nameOf(resolved.path);
      const expiresIn =
        query.expires_in ??
        (await deps.storage.getConfig(resolved.mount.storage_config_id)).signature_expires_in;
      const signed = await resolved.driver.presignGet(resolved.key, {
        expiresInSeconds: expiresIn,
        filename: name,
        disposition: query.force_download ? 'attachment' : 'inline',
      });
      return {
        presignedUrl: signed.url,
        name,
        expiresIn,
        expiresAt: signed.expiresAt.toISOString(),
        forceDownload: query.force_download,
      };
    },
  };
}

export type FsReadService = ReturnType<typeof createFsReadService>;

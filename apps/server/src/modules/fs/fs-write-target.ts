import { filenameSchema, pathSegments } from '@pasteport/contract';
import { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import { parseWith } from '../../http/validate.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageRegistry } from '../../storage/registry.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { mayWriteMounts, resolvePath, type ResolvedPath } from '../../vfs/mount-space.js';
import type { MountTable } from '../../vfs/mount-table.js';
import { normalizePath } from '../../vfs/path.js';

/** An active mount, as the mount space resolves it. */
type ActiveMount = Extract<ResolvedPath, { kind: 'mount' }>['mount'];

/** A place a write may go: a normalised path inside a writable mount, and its storage. */
export interface WriteTarget {
  path: string;
  mount: ActiveMount;
  /** The object key below the mount ('' for the mount root). */
  key: string;
  driver: StorageDriver;
}

/**
 * The one gate of every file-system write: the path is normalised (a 400 naming the field as
 * the client sent it), the caller may write at all (403 READ_ONLY for a read-only key), sees
 * the path (PATH_FORBIDDEN outside its basic path, whether or not it exists), the path lies in
 * a mount (a virtual folder is 403), and the mount is not read-only (403 READ_ONLY).
 */
export function createWriteTargets(deps: { mountTable: MountTable; storage: StorageRegistry }) {
  async function resolve(actor: Actor, input: string, field: string): Promise<WriteTarget> {
    const path = normalizePath(input, field);
    if (!mayWriteMounts(actor)) {
      throw new AppError('READ_ONLY', 'this API key may read mounts but not write into them');
    }
    const resolved = resolvePath(await deps.mountTable.active(), actor, path);
    if (resolved.kind === 'virtual') {
      throw new AppError('FORBIDDEN', `${path} is a virtual folder: write inside a mount`, {
        details: [{ field, rule: 'virtual', message: 'not inside a mount' }],
      });
    }
    if (resolved.mount.read_only === 1) {
      throw new AppError('READ_ONLY', `the mount ${resolved.mount.mount_path} is read-only`);
    }
    const driver = await deps.storage.getDriver(resolved.mount.storage_config_id);
    return { path, mount: resolved.mount, key: resolved.key, driver };
  }

  return {
    /** A place for a write that may name a mount's root (a target folder). */
    folder: resolve,

    /** A place for a file or folder below a mount root (the root itself is 403). */
    async entry(actor: Actor, input: string, field: string): Promise<WriteTarget> {
      const target = await resolve(actor, input, field);
      if (target.key === '') {
        throw new AppError('FORBIDDEN', `${target.path} is the root of a mount`, {
          details: [{ field, rule: 'mount_root', message: 'a mount root cannot be changed' }],
        });
      }
      return target;
    },

    /**
     * The file a folder-or-path plus a file name names (CloudPaste's rule): `path` is the
     * folder, unless its last name already is the file name (then it is the whole path); a
     * `path` ending in '/' is always a folder.
     */
    async file(
      actor: Actor,
      input: { path: string; fileName: string },
      fields: { path: string; fileName: string },
    ): Promise<WriteTarget & { name: string }> {
      // Checked under the field's own name (`items[2].fileName` where a batch names it).
      const nameField = z.object({ [fields.fileName]: filenameSchema });
      const name = parseWith(nameField, { [fields.fileName]: input.fileName }, 'body')[
        fields.fileName
      ] as string;
      const folder = normalizePath(input.path, fields.path);
      const whole = !input.path.endsWith('/') && pathSegments(folder).at(-1) === name;
      const full = whole ? folder : folder === '/' ? `/${name}` : `${folder}/${name}`;
      const target = await this.entry(actor, full, whole ? fields.path : fields.fileName);
      return { ...target, name };
    },
  };
}

export type WriteTargets = ReturnType<typeof createWriteTargets>;

/** Whether a file (object) is stored at the key. */
export async function isFile(driver: StorageDriver, key: string): Promise<boolean> {
  return key !== '' && (await driver.stat(key)) !== null;
}

/** Whether a folder exists at the key: its marker or anything beneath it (a mount root always). */
export async function isFolder(driver: StorageDriver, key: string): Promise<boolean> {
  if (key === '') return true;
  const page = await driver.list(`${key}/`, { limit: 1 });
  return page.objects.length > 0 || page.prefixes.length > 0;
}

/**
 * Refuses a write at `key` when a file stands where one of its folders would be ('a' is a
 * file, the write goes to 'a/b'): local disk cannot hold both, so neither may S3 here.
 */
export async function assertNoFileAbove(driver: StorageDriver, key: string): Promise<void> {
  const segments = key.split('/');
  for (let depth = 1; depth < segments.length; depth++) {
    const ancestor = segments.slice(0, depth).join('/');
    if (await isFile(driver, ancestor)) {
      throw new AppError('CONFLICT', `${ancestor} is a file, not a folder`);
    }
  }
}

/** Refuses a file write where a folder already is (409), or below a file. */
export async function assertFileSlot(driver: StorageDriver, key: string): Promise<void> {
  if (await isFolder(driver, key)) {
    throw new AppError('CONFLICT', 'a folder of that name exists');
  }
  await assertNoFileAbove(driver, key);
}

/** The last name of a key or path. */
export const nameOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1);

import { isWithinPath } from '@pasteport/contract';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import type { WrittenEntry } from '../../vfs/fs-changes.js';
import { folderExists } from '../fs/directory-listing.js';
import { joinKey } from '../fs/fs-copy.task.js';
import { removeFolder, transferObject } from '../fs/fs-tree.js';
import type { WriteTarget } from '../fs/fs-write-target.js';
import { announce } from '../fs/fs-write.service.js';
import { checkWrite, hasBody, type DavCall, type DavDeps } from './dav-context.js';
import { DavError } from './dav-error.js';
import type { WriteReach } from './dav-locks.js';
import { davTargetOfReference } from './dav-paths.js';
import { assertParent, parentKeyOf, type DavResource } from './dav-resources.js';

type Existing = Extract<DavResource, { kind: 'file' | 'folder' }>;

/**
 * Keeps the folder a removed resource was in: a collection stays until it is deleted itself
 * (RFC 4918), while storage forgets a folder with nothing in it (local disk removes emptied
 * directories, S3 has no empty prefixes), so an emptied parent gets its folder marker back.
 */
async function keepParent(driver: StorageDriver, key: string): Promise<void> {
  const parentKey = parentKeyOf(key);
  if (parentKey !== '' && !(await folderExists(driver, parentKey))) {
    await driver.createFolder(parentKey);
  }
}

/** Deletes a file or a folder with everything beneath it, its properties and its locks. */
async function removeResource(deps: DavDeps, resource: Existing): Promise<void> {
  if (resource.kind === 'file') {
    const [result] = await resource.driver.deleteMany([resource.key]);
    if (result && !result.ok) throw new AppError(result.code, result.message);
  } else {
    await removeFolder(resource.driver, resource.key);
  }
  await keepParent(resource.driver, resource.key);
  const recursive = resource.kind === 'folder';
  await announce(deps.fsChanges, resource, { removed: [{ key: resource.key, recursive }] });
  await deps.properties.remove(
    { storageId: resource.mount.storage_config_id, key: resource.key },
    recursive,
  );
  await deps.locks.release(resource.path);
}

/** DELETE: a file, or a folder and everything beneath it (Depth must be infinity). */
export async function remove(deps: DavDeps, call: DavCall): Promise<void> {
  const depth = call.request.headers.depth;
  if (depth !== undefined && String(depth).toLowerCase() !== 'infinity') {
    throw new DavError(400, 'DELETE of a collection is always Depth: infinity');
  }
  const target = await deps.targets.entry(call.actor, call.target.path, 'path');
  const resource = await deps.resources.locate(call.actor, target.path);
  if (resource.kind !== 'file' && resource.kind !== 'folder') {
    throw new DavError(404, `${call.target.path} does not exist`);
  }
  await checkWrite(deps, call, resource, [{ path: resource.path, reach: 'tree' }]);
  await removeResource(deps, resource);
  await call.reply.code(204).send();
}

/** MKCOL: one new folder; its parent must exist (409); a body is 415; anything there is 405. */
export async function mkcol(deps: DavDeps, call: DavCall): Promise<void> {
  if (hasBody(call.request)) throw new DavError(415, 'MKCOL takes no body');
  const target = await deps.targets.entry(call.actor, call.target.path, 'path');
  const resource = await deps.resources.locate(call.actor, target.path);
  if (resource.kind === 'file' || resource.kind === 'folder') {
    throw new DavError(405, `${target.path} already exists`);
  }
  await assertParent(target);
  await checkWrite(deps, call, resource, [{ path: target.path, reach: 'member' }]);
  await target.driver.createFolder(target.key);
  await announce(deps.fsChanges, target, {
    written: [{ key: target.key, isDirectory: true, size: 0, modified: deps.clock.now() }],
  });
  await call.reply.code(201).send();
}

/** Copies one object, refusing a cross-storage copy that does not fit (413/507). */
async function copyObject(
  deps: DavDeps,
  actor: Actor,
  from: { driver: StorageDriver; key: string; size: number },
  to: WriteTarget,
  key: string,
): Promise<WrittenEntry> {
  if (from.driver !== to.driver) await deps.limits.assertFits(actor, to.mount, from.size);
  const written = await transferObject(from, { driver: to.driver, key });
  return { key, isDirectory: false, size: written.size, modified: deps.clock.now() };
}

/**
 * Copies a resource onto a free target: a file; a folder alone (Depth 0); or a folder with
 * everything beneath it, page by page (server-side within a storage, streamed across), each
 * page announced so listings and the index follow.
 */
async function copyTree(
  deps: DavDeps,
  actor: Actor,
  source: Existing,
  to: WriteTarget,
  deep: boolean,
): Promise<void> {
  if (source.kind === 'file') {
    const entry = await copyObject(
      deps,
      actor,
      { driver: source.driver, key: source.key, size: source.info.size },
      to,
      to.key,
    );
    await announce(deps.fsChanges, to, { written: [entry] });
    return;
  }
  await to.driver.createFolder(to.key);
  await announce(deps.fsChanges, to, {
    written: [{ key: to.key, isDirectory: true, size: 0, modified: deps.clock.now() }],
  });
  if (!deep) return;
  const prefix = source.key === '' ? '' : `${source.key}/`;
  let cursor: string | null = null;
  do {
    const page = await source.driver.list(prefix, { cursor, limit: 1000 });
    const written: WrittenEntry[] = [];
    for (const object of page.objects) {
      const rest = object.key.slice(prefix.length);
      if (rest === '') continue; // the folder's own marker
      if (rest.endsWith('/')) {
        const key = joinKey(to.key, rest.slice(0, -1));
        await to.driver.createFolder(key);
        written.push({ key, isDirectory: true, size: 0, modified: deps.clock.now() });
      } else {
        written.push(
          await copyObject(
            deps,
            actor,
            { driver: source.driver, key: object.key, size: object.size },
            to,
            joinKey(to.key, rest),
          ),
        );
      }
    }
    if (written.length > 0) await announce(deps.fsChanges, to, { written });
    cursor = page.nextCursor;
  } while (cursor !== null);
}

/** The Overwrite header: T (the default) or F. */
function overwriteOf(call: DavCall): boolean {
  const header = call.request.headers.overwrite;
  if (header === undefined) return true;
  const value = String(header).trim().toUpperCase();
  if (value !== 'T' && value !== 'F') throw new DavError(400, 'Overwrite is T or F');
  return value === 'T';
}

/**
 * COPY and MOVE (RFC 4918 §9.8, §9.9): `Destination` through the same path rule and gate as
 * every write (a key's basic path bounds it), `Overwrite: F` with an existing target is 412,
 * an overwritten target is removed first (204; a new one is 201), a collection copies with
 * Depth infinity (or alone with Depth 0), across mounts and storages. Dead properties travel
 * with the resource; locks stay behind (a moved resource's locks are released).
 */
export async function copyOrMove(deps: DavDeps, call: DavCall, move: boolean): Promise<void> {
  const destinationHeader = call.request.headers.destination;
  if (typeof destinationHeader !== 'string' || destinationHeader.trim() === '') {
    throw new DavError(400, 'a Destination header is required');
  }
  const depthHeader = call.request.headers.depth;
  const depth = depthHeader === undefined ? 'infinity' : String(depthHeader).trim().toLowerCase();
  if (depth !== 'infinity' && (move || depth !== '0')) {
    throw new DavError(
      400,
      move ? 'MOVE is always Depth: infinity' : 'COPY takes Depth 0 or infinity',
    );
  }
  const overwrite = overwriteOf(call);
  const destination = davTargetOfReference(destinationHeader, call.request.host).path;

  if (move) await deps.targets.entry(call.actor, call.target.path, 'path');
  const source = await deps.resources.locate(call.actor, call.target.path);
  if (source.kind === 'virtual')
    throw new DavError(403, 'a virtual folder cannot be copied or moved');
  if (source.kind !== 'file' && source.kind !== 'folder') {
    throw new DavError(404, `${call.target.path} does not exist`);
  }
  if (destination === source.path)
    throw new DavError(403, 'the source and the destination are the same');
  if (source.kind === 'folder' && isWithinPath(source.path, destination)) {
    throw new DavError(403, 'a collection cannot go inside itself');
  }
  const to = await deps.targets.entry(call.actor, destination, 'Destination');
  const existing = await deps.resources.locate(call.actor, destination);
  const replaces = existing.kind === 'file' || existing.kind === 'folder';
  if (replaces && !overwrite) throw new DavError(412, `${destination} exists and Overwrite is F`);
  await assertParent(to);
  const writes: { path: string; reach: WriteReach }[] = [
    { path: destination, reach: replaces ? 'tree' : 'member' },
  ];
  if (move) writes.push({ path: source.path, reach: 'tree' });
  await checkWrite(deps, call, source, writes);

  if (replaces) await removeResource(deps, existing);
  const deep = depth === 'infinity';
  const sourceOwner = { storageId: source.mount.storage_config_id, key: source.key };
  const targetOwner = { storageId: to.mount.storage_config_id, key: to.key };
  // Properties first: removing the source announces it, and its properties go with that.
  await deps.properties.copy(sourceOwner, targetOwner, source.kind === 'folder' && deep);
  if (move && source.kind === 'file' && source.driver === to.driver && source.driver.move) {
    // A rename: the source is gone with it (its properties go with the announcement).
    const written = await source.driver.move(source.key, to.key);
    await keepParent(source.driver, source.key);
    await announce(deps.fsChanges, source, { removed: [{ key: source.key, recursive: false }] });
    await announce(deps.fsChanges, to, {
      written: [
        { key: to.key, isDirectory: false, size: written.size, modified: deps.clock.now() },
      ],
    });
    await deps.locks.release(source.path);
  } else {
    await copyTree(deps, call.actor, source, to, deep);
    if (move) await removeResource(deps, source);
  }
  await call.reply.code(replaces ? 204 : 201).send();
}

import { isWithinPath, pathSegments } from '@pasteport/contract';
import type { Actor } from '../core/actor.js';
import { AppError } from '../lib/app-error.js';
import type { ActiveMount } from './mount-table.js';

/*
 * The virtual path space (SPEC §1, §5): `/` and the folders above mount paths are virtual;
 * below a mount path, a path names an object key of the mount's storage. Every fs call, WebDAV
 * request, copy target and archive entry is resolved here, after vfs/path.ts normalised it, so
 * there is one answer to "what is this path, and may this caller see it".
 */

/**
 * How much of a path an actor may see:
 * - `full`: the path is the key's basic path or beneath it (the admin: every path);
 * - `ancestor`: the path is above the basic path: a bare virtual folder whose only entry is
 *   the next segment towards the basic path, so an explorer can walk down to it;
 * - `none`: anything else, including siblings of the basic path and its ancestors.
 */
export type Visibility = 'full' | 'ancestor' | 'none';

/** Paths are normalised (vfs/path.ts) before they come here. */
export function visibilityOf(actor: Actor, path: string): Visibility {
  if (actor.kind === 'admin') return 'full';
  if (actor.kind !== 'apikey' || !actor.permissions.mount) return 'none';
  if (isWithinPath(actor.basicPath, path)) return 'full';
  if (isWithinPath(path, actor.basicPath)) return 'ancestor';
  return 'none';
}

/** Whether an actor may write below mounts at all (admin, or a key with read-write mounts). */
export function mayWriteMounts(actor: Actor): boolean {
  if (actor.kind === 'admin') return true;
  return actor.kind === 'apikey' && actor.permissions.mount && !actor.mountReadOnly;
}

/** A path below a mount path: the mount and the object key it names ('' for the mount root). */
export interface MountHit {
  mount: ActiveMount;
  key: string;
}

/**
 * The mount a path lies in: the one with the longest mount path that is the path or one of its
 * ancestors (segment by segment, case as stored), or null for a virtual path.
 */
export function findMount(mounts: readonly ActiveMount[], path: string): MountHit | null {
  let best: ActiveMount | null = null;
  for (const mount of mounts) {
    if (!isWithinPath(mount.mount_path, path)) continue;
    if (!best || mount.mount_path.length > best.mount_path.length) best = mount;
  }
  if (!best) return null;
  const key = path === best.mount_path ? '' : path.slice(best.mount_path.length + 1);
  return { mount: best, key };
}

/** A folder of the virtual space directly under some path: a mount root or a virtual parent. */
export interface VirtualEntry {
  name: string;
  path: string;
  /** The mount whose root this entry is; null for a virtual folder above deeper mounts. */
  mount: ActiveMount | null;
}

/**
 * The folders that mount paths put directly under `path` (a virtual folder, or a folder of a
 * mount that has further mounts nested below it), one per name, in name order.
 */
export function mountEntriesUnder(mounts: readonly ActiveMount[], path: string): VirtualEntry[] {
  const depth = pathSegments(path).length;
  const entries = new Map<string, VirtualEntry>();
  for (const mount of mounts) {
    if (mount.mount_path === path || !isWithinPath(path, mount.mount_path)) continue;
    const name = pathSegments(mount.mount_path)[depth]!;
    const childPath = path === '/' ? `/${name}` : `${path}/${name}`;
    const isRoot = childPath === mount.mount_path;
    const known = entries.get(name);
    if (!known || (isRoot && !known.mount)) {
      entries.set(name, { name, path: childPath, mount: isRoot ? mount : null });
    }
  }
  return [...entries.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** What a path is, as the caller may see it. */
export type ResolvedPath =
  | { kind: 'virtual'; path: string; entries: VirtualEntry[] }
  | { kind: 'mount'; path: string; mount: ActiveMount; key: string };

/**
 * Resolves a normalised path for an actor: a virtual folder (with only the entries the actor
 * may see) or a place in a mount the actor fully sees. A path the actor may not see at all is
 * PATH_FORBIDDEN, whether or not it exists, so nothing outside a key's reach is ever named; a
 * virtual path no mount lies under is NOT_FOUND.
 */
export function resolvePath(
  allMounts: readonly ActiveMount[],
  actor: Actor,
  path: string,
): ResolvedPath {
  const mounts = mountsFor(actor, allMounts);
  const visibility = visibilityOf(actor, path);
  if (visibility === 'none') {
    throw new AppError('PATH_FORBIDDEN', `${path} is outside the paths this API key may reach`);
  }
  const hit = findMount(mounts, path);
  if (hit && visibility === 'full') {
    return { kind: 'mount', path, mount: hit.mount, key: hit.key };
  }
  const entries = mountEntriesUnder(mounts, path).filter(
    (entry) => visibilityOf(actor, entry.path) !== 'none',
  );
  if (visibility === 'ancestor' && actor.kind === 'apikey') {
    const toward = stepToward(path, actor.basicPath);
    if (!entries.some((entry) => entry.name === toward.name)) {
      const mount = mounts.find((m) => m.mount_path === toward.path) ?? null;
      // Inside a mount, or on the way to a mount: the basic path's branch. Above nothing at all,
      // the key's basic path leads nowhere and the folder stays empty.
      if (hit || mount || mountEntriesUnder(mounts, toward.path).length > 0) {
        entries.push({ ...toward, mount });
        entries.sort((a, b) => compareNames(a.name, b.name));
      }
    }
  }
  if (!hit && entries.length === 0 && path !== '/') {
    throw new AppError('NOT_FOUND', `${path} does not exist`);
  }
  return { kind: 'virtual', path, entries };
}

/** The mounts an actor may use at all: API keys only those on storages open to API keys. */
export function mountsFor(actor: Actor, mounts: readonly ActiveMount[]): readonly ActiveMount[] {
  if (actor.kind === 'admin') return mounts;
  return mounts.filter((mount) => mount.storage_allows_api_keys === 1);
}

/**
 * The mounts an actor can see something of: those of mountsFor whose path is within its reach
 * or holds it (an API key's basic path inside a mount sees part of that mount).
 */
export function reachableMounts(
  actor: Actor,
  mounts: readonly ActiveMount[],
): readonly ActiveMount[] {
  return mountsFor(actor, mounts).filter(
    (mount) => visibilityOf(actor, mount.mount_path) !== 'none',
  );
}

/** The child of `ancestor` on the way down to `target` (target lies strictly below it). */
function stepToward(ancestor: string, target: string): { name: string; path: string } {
  const name = pathSegments(target)[pathSegments(ancestor).length]!;
  return { name, path: ancestor === '/' ? `/${name}` : `${ancestor}/${name}` };
}

/** UTF-8 byte order, the order S3 listings use (code-unit order differs beyond the BMP). */
export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

import type { Permission } from '@pasteport/contract';
import { isWithinPath } from '../vfs/path.js';
import type { Actor } from './actor.js';

/**
 * Who may do what (SPEC §5–§6). Every module authorises through these functions; none
 * re-implements them.
 */

/** What a route requires: declared on every /api route (see http/access.ts). */
export type Access = 'public' | 'authenticated' | 'admin' | { permission: Permission };

export function isAdmin(actor: Actor): boolean {
  return actor.kind === 'admin';
}

/** Admin has every permission; a key has its flags; anonymous has none. */
export function hasPermission(actor: Actor, permission: Permission): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind === 'apikey') return actor.permissions[permission];
  return false;
}

/** Admin may reach any path; a key its basic path and beneath (segment-wise); anonymous none. */
export function canAccessPath(actor: Actor, path: string): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind === 'apikey') return isWithinPath(actor.basicPath, path);
  return false;
}

/** Admin is always the creator; a key is when created_by is its id or `apikey:{id}`. */
export function isCreator(actor: Actor, createdBy: string | null | undefined): boolean {
  if (actor.kind === 'admin') return true;
  if (actor.kind !== 'apikey' || !createdBy) return false;
  return createdBy === actor.keyId || createdBy === `apikey:${actor.keyId}`;
}

/**
 * The created_by values that make an actor the creator (isCreator as a filter for SQL):
 * undefined for the admin (everything is theirs), an empty list for anonymous.
 */
export function ownedCreatorIds(actor: Actor): readonly string[] | undefined {
  if (actor.kind === 'admin') return undefined;
  if (actor.kind === 'apikey') return [actor.keyId, `apikey:${actor.keyId}`];
  return [];
}

/** The created_by value stored for things an actor makes. */
export function creatorId(actor: Actor): string | null {
  if (actor.kind === 'admin') return 'admin';
  if (actor.kind === 'apikey') return `apikey:${actor.keyId}`;
  return null;
}

/**
 * The kind of actor a created_by value stands for: what the size rules of work done later on
 * its behalf (a task's writes) go by.
 */
export function creatorKind(createdBy: string): Pick<Actor, 'kind'> {
  return { kind: createdBy.startsWith('apikey:') ? 'apikey' : 'admin' };
}

export type AccessDenial = 'UNAUTHORIZED' | 'ADMIN_ONLY' | 'PERMISSION_DENIED';

/** Why an actor may not pass a route's access rule, or null when it may. */
export function accessDenial(actor: Actor, access: Access): AccessDenial | null {
  if (access === 'public') return null;
  if (actor.kind === 'anonymous') return 'UNAUTHORIZED';
  if (access === 'authenticated') return null;
  if (access === 'admin') return actor.kind === 'admin' ? null : 'ADMIN_ONLY';
  return hasPermission(actor, access.permission) ? null : 'PERMISSION_DENIED';
}

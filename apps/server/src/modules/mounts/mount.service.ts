import { randomUUID } from 'node:crypto';
import {
  mountPathKey,
  mountStorageTypeOf,
  type CreateMountInput,
  type Mount,
  type MountStorageType,
  type UpdateMountInput,
  type ValidationIssue,
} from '@pasteport/contract';
import { creatorId } from '../../core/access-policy.js';
import type { Actor } from '../../core/actor.js';
import { AppError, isAppError } from '../../lib/app-error.js';
import { isoNow, type Clock } from '../../lib/clock.js';
import type { StorageRegistry } from '../../storage/registry.js';
import { mountsFor, visibilityOf } from '../../vfs/mount-space.js';
import type { ActiveMount, MountTable } from '../../vfs/mount-table.js';
import { presentMount } from './mount.presenter.js';
import type {
  MountChanges,
  MountRepository,
  MountRow,
  MountWriteRefusal,
} from './mount.repository.js';

function invalid(issue: ValidationIssue): AppError {
  return new AppError('VALIDATION_FAILED', `${issue.field}: ${issue.message}`, {
    details: [issue],
  });
}

const NO_STORAGE: ValidationIssue = {
  field: 'storage_config_id',
  rule: 'not_found',
  message: 'no storage config has this id',
};

/** The answer to a refused write: a taken path (409, field mount_path) or a missing config. */
function refusal(reason: MountWriteRefusal, path: string | undefined): AppError {
  if (reason === 'no_storage') return invalid(NO_STORAGE);
  const message = 'another mount already uses this path (paths compare without regard to case)';
  return new AppError('ALREADY_EXISTS', `mount_path ${path ?? ''}: ${message}`, {
    details: [{ field: 'mount_path', rule: 'unique', message }],
  });
}

const notFound = (id: string) => new AppError('NOT_FOUND', `mount ${id} does not exist`);

/**
 * The mounts an API key may use (GET /api/user/mounts): active, on storages open to keys, and
 * inside its basic path or above it (the basic path lies inside the mount). The mount space's
 * own rules decide, so this list and what the key may browse never differ.
 */
export function mountsVisibleTo(actor: Actor, mounts: readonly ActiveMount[]): ActiveMount[] {
  return mountsFor(actor, mounts).filter(
    (mount) => visibilityOf(actor, mount.mount_path) !== 'none',
  );
}

/**
 * Mount points (SPEC §3, §5, §7): the admin's CRUD with the mount path rule, unique paths
 * (case-insensitive, guarded by the unique index) and an existing storage config; keys list the
 * mounts they may use. Every write announces the change so every instance reloads its mount
 * table. Deleting a mount never touches its storage.
 */
export function createMountService(deps: {
  repo: MountRepository;
  table: Pick<MountTable, 'active' | 'changed'>;
  storage: Pick<StorageRegistry, 'getConfig'>;
  clock: Clock;
}) {
  const { repo, table, clock } = deps;

  async function mustPresent(id: string): Promise<Mount> {
    const row = await repo.findDetailed(id);
    if (!row) throw notFound(id);
    return presentMount(row);
  }

  /** The storage type of a config; a missing config is a 400 on storage_config_id. */
  async function storageTypeOf(storageConfigId: string): Promise<MountStorageType> {
    try {
      return mountStorageTypeOf((await deps.storage.getConfig(storageConfigId)).driver);
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') throw invalid(NO_STORAGE);
      throw error;
    }
  }

  /** A storage_type sent by a CloudPaste client must agree with the config's (never ignored). */
  async function checkStorageType(
    sent: MountStorageType | undefined,
    storageConfigId: string,
  ): Promise<void> {
    if (sent === undefined) return;
    const actual = await storageTypeOf(storageConfigId);
    if (sent !== actual) {
      throw invalid({
        field: 'storage_type',
        rule: 'mismatch',
        message: `the storage config is ${actual}, not ${sent}; leave storage_type out or send ${actual}`,
      });
    }
  }

  return {
    async list(): Promise<Mount[]> {
      return (await repo.listDetailed()).map(presentMount);
    },

    get: mustPresent,

    async create(input: CreateMountInput, actor: Actor): Promise<Mount> {
      await checkStorageType(input.storage_type, input.storage_config_id);
      const id = randomUUID();
      const now = isoNow(clock);
      const refused = await repo.insert({
        id,
        name: input.name,
        mount_path: input.mount_path,
        mount_path_key: mountPathKey(input.mount_path),
        storage_config_id: input.storage_config_id,
        remark: input.remark ?? null,
        sort_order: input.sort_order,
        cache_ttl: input.cache_ttl,
        is_active: input.is_active ? 1 : 0,
        read_only: input.read_only ? 1 : 0,
        created_by: creatorId(actor),
        created_at: now,
        updated_at: now,
        last_used: null,
        last_refresh: null,
      });
      if (refused) throw refusal(refused, input.mount_path);
      await table.changed(id);
      return mustPresent(id);
    },

    /** Applies any subset of fields; the same rules as on create hold for the result. */
    async update(id: string, input: UpdateMountInput): Promise<Mount> {
      const current: MountRow | undefined = await repo.findById(id);
      if (!current) throw notFound(id);
      await checkStorageType(
        input.storage_type,
        input.storage_config_id ?? current.storage_config_id,
      );
      const changes: MountChanges = { updated_at: isoNow(clock) };
      if (input.name !== undefined) changes.name = input.name;
      if (input.mount_path !== undefined) {
        changes.mount_path = input.mount_path;
        changes.mount_path_key = mountPathKey(input.mount_path);
      }
      if (input.storage_config_id !== undefined) {
        changes.storage_config_id = input.storage_config_id;
      }
      if (input.remark !== undefined) changes.remark = input.remark;
      if (input.sort_order !== undefined) changes.sort_order = input.sort_order;
      if (input.cache_ttl !== undefined) changes.cache_ttl = input.cache_ttl;
      if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
      if (input.read_only !== undefined) changes.read_only = input.read_only ? 1 : 0;
      const updated = await repo.update(id, changes);
      if (updated === undefined) throw notFound(id);
      if (typeof updated === 'string') throw refusal(updated, input.mount_path);
      await table.changed(id);
      return mustPresent(id);
    },

    /** Deletes the mount point only: every object stays in its storage. */
    async remove(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw notFound(id);
      await table.changed(id);
    },

    /** GET /api/user/mounts: the mounts `actor` may use, in display order. */
    async listVisible(actor: Actor): Promise<Mount[]> {
      const visible = new Set(mountsVisibleTo(actor, await table.active()).map((m) => m.id));
      if (visible.size === 0) return [];
      return (await repo.listDetailed()).filter((row) => visible.has(row.id)).map(presentMount);
    },

    /** GET /api/user/mounts/{id}: 404 for a mount the actor may not use, as for one that is absent. */
    async getVisible(id: string, actor: Actor): Promise<Mount> {
      const active = await table.active();
      if (!mountsVisibleTo(actor, active).some((mount) => mount.id === id)) throw notFound(id);
      return mustPresent(id);
    },
  };
}

export type MountService = ReturnType<typeof createMountService>;

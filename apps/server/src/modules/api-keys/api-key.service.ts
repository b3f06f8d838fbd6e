import { randomUUID } from 'node:crypto';
import {
  API_KEY_PREFIX_LENGTH,
  MOUNT_READ_ONLY_WITHOUT_PERMISSION,
  type ApiKey,
  type CreatedApiKey,
  type UpdateApiKeyRequest,
  type createApiKeyRequestSchema,
} from '@pasteport/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import type { ManagedCache } from '../cache/managed-cache.js';
import { randomToken, sha256Hex } from '../../lib/secrets.js';
import { normalizePath } from '../../vfs/path.js';
import type { ApiKeyActor } from '../../core/actor.js';
import type { ApiKeyRepository, ApiKeyRow } from './api-key.repository.js';
import { presentApiKey, presentCreatedApiKey } from './api-key.presenter.js';

/** last_used_at is written at most this often per key. */
export const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Authenticated keys are remembered so a request costs no database read. Edits and deletions
 * reach every instance's cache through the invalidation bus at once; expiry is checked on
 * every request; the TTL only bounds the damage of a missed message.
 */
export const KEY_CACHE_TTL_MS = 60_000;
export const KEY_CACHE_MAX = 10_000;
const INVALIDATION_TOPIC = 'api-key';
/** The invalidation message that empties every instance's key cache (ids are UUIDs). */
const DROP_ALL = '*';
/** The name the key cache has in the cache stats and in a clear request. */
export const API_KEY_CACHE_NAME = 'api-keys';

/** Bytes of entropy in a generated key (256 bits; 43 URL-safe characters). */
const GENERATED_KEY_BYTES = 32;

type CreateInput = z.output<typeof createApiKeyRequestSchema>;

/**
 * The mount level a key has after an update: the fields sent over the stored ones. Read-only
 * without the mount permission is refused (never dropped); taking the permission away also
 * clears the level, so granting it again later starts from read-write as new keys do.
 */
function mountLevelAfter(
  current: Pick<ApiKeyRow, 'mount_permission' | 'mount_read_only'>,
  input: Pick<UpdateApiKeyRequest, 'mount_permission' | 'mount_read_only'>,
): { permission: boolean; readOnly: boolean } {
  const permission = input.mount_permission ?? current.mount_permission === 1;
  if (input.mount_read_only === true && !permission) {
    const { rule, message } = MOUNT_READ_ONLY_WITHOUT_PERMISSION;
    throw new AppError('VALIDATION_FAILED', `mount_read_only: ${message}`, {
      details: [{ field: 'mount_read_only', rule, message }],
    });
  }
  const readOnly = permission && (input.mount_read_only ?? current.mount_read_only === 1);
  return { permission, readOnly };
}

/** The actor a stored key stands for, as it is now. */
function actorOf(row: ApiKeyRow): ApiKeyActor {
  return Object.freeze({
    kind: 'apikey',
    keyId: row.id,
    name: row.name,
    permissions: Object.freeze({
      text: row.text_permission === 1,
      file: row.file_permission === 1,
      mount: row.mount_permission === 1,
    }),
    mountReadOnly: row.mount_read_only === 1,
    basicPath: row.basic_path,
  });
}

/** API keys: management for the admin, and authentication of presented keys. */
export function createApiKeyService(deps: {
  repo: ApiKeyRepository;
  clock: Clock;
  invalidation: InvalidationBus;
  onTouchError?: (err: unknown) => void;
}) {
  const { repo, clock } = deps;
  interface CacheEntry {
    actor: ApiKeyActor;
    expiresAtMs: number | null;
    lastUsedMs: number | null;
    loadedAt: number;
  }
  const cache = new Map<string, CacheEntry>();
  let hits = 0;
  let misses = 0;
  deps.invalidation.subscribe(INVALIDATION_TOPIC, (id) => {
    if (id === DROP_ALL) {
      cache.clear();
      return;
    }
    for (const [hash, entry] of cache) if (entry.actor.keyId === id) cache.delete(hash);
  });
  const invalidate = (id: string) => deps.invalidation.publish(INVALIDATION_TOPIC, id);

  async function load(keyHash: string, nowMs: number): Promise<CacheEntry | undefined> {
    const row = await repo.findByHash(keyHash);
    if (!row) return undefined;
    const entry: CacheEntry = {
      actor: actorOf(row),
      expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
      lastUsedMs: row.last_used_at === null ? null : Date.parse(row.last_used_at),
      loadedAt: nowMs,
    };
    cache.delete(keyHash);
    cache.set(keyHash, entry);
    // Maps iterate in insertion order: the first entry is the oldest.
    if (cache.size > KEY_CACHE_MAX) cache.delete(cache.keys().next().value as string);
    return entry;
  }

  function assertFuture(expiresAt: string | null | undefined): void {
    if (expiresAt && Date.parse(expiresAt) <= clock.now().getTime()) {
      throw new AppError('VALIDATION_FAILED', 'expires_at: must be in the future', {
        details: [{ field: 'expires_at', rule: 'future', message: 'must be in the future' }],
      });
    }
  }

  async function mustFind(id: string): Promise<ApiKeyRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', `API key ${id} does not exist`);
    return row;
  }

  /** Refuses a missing or expired key; records use at most once a minute, in the background. */
  function accept(entry: CacheEntry | undefined, nowMs: number): ApiKeyActor {
    if (!entry || (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs)) {
      throw new AppError('API_KEY_INVALID', 'the API key is invalid or has expired');
    }
    if (entry.lastUsedMs === null || entry.lastUsedMs < nowMs - LAST_USED_INTERVAL_MS) {
      entry.lastUsedMs = nowMs; // the cached copy: no second write this minute
      const notSince = new Date(nowMs - LAST_USED_INTERVAL_MS).toISOString();
      repo
        .touch(entry.actor.keyId, new Date(nowMs).toISOString(), notSince)
        .catch((err: unknown) => deps.onTouchError?.(err));
    }
    return entry.actor;
  }

  return {
    async list(): Promise<ApiKey[]> {
      return (await repo.list()).map(presentApiKey);
    },

    async create(input: CreateInput): Promise<CreatedApiKey> {
      assertFuture(input.expires_at);
      const key = input.custom_key ?? randomToken(GENERATED_KEY_BYTES);
      const stamp = clock.now().toISOString();
      const row: ApiKeyRow = {
        id: randomUUID(),
        name: input.name,
        key_hash: sha256Hex(key),
        key_prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        text_permission: input.text_permission ? 1 : 0,
        file_permission: input.file_permission ? 1 : 0,
        mount_permission: input.mount_permission ? 1 : 0,
        mount_read_only: input.mount_permission && input.mount_read_only ? 1 : 0,
        basic_path: normalizePath(input.basic_path, 'basic_path'),
        expires_at: input.expires_at === null ? null : new Date(input.expires_at).toISOString(),
        last_used_at: null,
        created_at: stamp,
        updated_at: stamp,
      };
      if (!(await repo.insert(row))) {
        throw new AppError('ALREADY_EXISTS', 'this custom key is already in use; choose another', {
          details: [{ field: 'custom_key', rule: 'unique', message: 'already in use' }],
        });
      }
      return presentCreatedApiKey(row, key);
    },

    async update(id: string, input: UpdateApiKeyRequest): Promise<ApiKey> {
      const current = await mustFind(id);
      assertFuture(input.expires_at);
      const mount = mountLevelAfter(current, input);
      const updated = await repo.update(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.expires_at !== undefined
          ? {
              expires_at:
                input.expires_at === null ? null : new Date(input.expires_at).toISOString(),
            }
          : {}),
        ...(input.text_permission !== undefined
          ? { text_permission: input.text_permission ? 1 : 0 }
          : {}),
        ...(input.file_permission !== undefined
          ? { file_permission: input.file_permission ? 1 : 0 }
          : {}),
        mount_permission: mount.permission ? 1 : 0,
        mount_read_only: mount.readOnly ? 1 : 0,
        ...(input.basic_path !== undefined
          ? { basic_path: normalizePath(input.basic_path, 'basic_path') }
          : {}),
        updated_at: clock.now().toISOString(),
      });
      if (!updated) throw new AppError('NOT_FOUND', `API key ${id} does not exist`);
      await invalidate(id);
      return presentApiKey(updated);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw new AppError('NOT_FOUND', `API key ${id} does not exist`);
      await invalidate(id);
    },

    /**
     * The key behind a presented secret, found by its SHA-256 (never a slow hash). A cached key
     * answers synchronously — no promise, no database read; otherwise one indexed read.
     */
    authenticate(key: string): ApiKeyActor | Promise<ApiKeyActor> {
      const nowMs = clock.now().getTime();
      const keyHash = sha256Hex(key);
      const cached = cache.get(keyHash);
      if (cached && nowMs - cached.loadedAt < KEY_CACHE_TTL_MS) {
        hits += 1;
        return accept(cached, nowMs);
      }
      misses += 1;
      return load(keyHash, nowMs).then((entry) => accept(entry, nowMs));
    },

    /**
     * A key by its id as it stands now (read from the database, never the cache), or null when
     * it was deleted or has expired: for credentials made earlier in the key's name, such as
     * archive links, which must not outlive or outreach the key.
     */
    async findActorById(id: string): Promise<ApiKeyActor | null> {
      const row = await repo.findById(id);
      if (!row) return null;
      if (row.expires_at !== null && Date.parse(row.expires_at) <= clock.now().getTime()) {
        return null;
      }
      return actorOf(row);
    },

    /** The key cache as the admin sees and clears it (holds credentials: admin only). */
    cache: {
      name: API_KEY_CACHE_NAME,
      keyPermission: null,
      stats: () => ({
        name: API_KEY_CACHE_NAME,
        entries: cache.size,
        max_entries: KEY_CACHE_MAX,
        hits,
        misses,
      }),
      async clearEverywhere() {
        const dropped = cache.size;
        await deps.invalidation.publish(INVALIDATION_TOPIC, DROP_ALL);
        return dropped;
      },
    } satisfies ManagedCache,
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

import { randomUUID } from 'node:crypto';
import { pathSegments } from '@pasteport/contract';
import { AppError } from '../../lib/app-error.js';
import { validateStorageKey } from '../../storage/storage-key.js';
import type { Actor } from '../../core/actor.js';
import { insufficientStorage, tooLarge } from '../../core/upload-errors.js';
import {
  inUploadScope,
  uploadStorageScope,
  type UploadStorageScope,
} from '../storage-configs/storage-config.policy.js';
import type { StorageConfigRow } from '../../storage/registry.js';
import type { FileRepository } from './file.repository.js';

/** A filename's bytes kept in storage keys (a segment may hold 255). */
const KEY_NAME_MAX_BYTES = 200;
const MB = 1024 * 1024;

/**
 * Who may upload where, and how much: the rules every upload mode shares. Where an identity
 * may upload is storage-config.policy.ts (also behind GET /api/upload/storage-configs).
 */
export function createUploadPolicy(deps: {
  configs: {
    findById(id: string): Promise<StorageConfigRow | undefined>;
    listAll(): Promise<StorageConfigRow[]>;
  };
  files: FileRepository;
  allowGuestUploads: () => Promise<boolean>;
  maxUploadSizeMb: () => Promise<number>;
}) {
  /** The actor's upload scope (storage-config.policy.ts), or the refusal. */
  async function scopeOf(actor: Actor): Promise<UploadStorageScope> {
    const result = uploadStorageScope(actor, await deps.allowGuestUploads());
    if ('scope' in result) return result.scope;
    if (result.denial === 'PERMISSION_DENIED') {
      throw new AppError('PERMISSION_DENIED', 'this API key lacks the file permission');
    }
    throw new AppError('UNAUTHORIZED', 'sign in or present an API key to upload files');
  }

  async function assertMayUpload(actor: Actor): Promise<void> {
    await scopeOf(actor);
  }

  const mayUse = (scope: UploadStorageScope, config: StorageConfigRow) =>
    inUploadScope(scope, {
      is_default: config.is_default === 1,
      allow_api_keys: config.allow_api_keys === 1,
    });

  return {
    assertMayUpload,

    /** The configs an actor may upload to, the default first. */
    async usableConfigs(actor: Actor): Promise<StorageConfigRow[]> {
      const scope = await scopeOf(actor);
      const all = await deps.configs.listAll();
      return all
        .filter((config) => mayUse(scope, config))
        .sort((a, b) => b.is_default - a.is_default || a.name.localeCompare(b.name));
    },

    /** The storage config an upload goes to: the one named, else the actor's first usable. */
    async resolveConfig(actor: Actor, id: string | undefined): Promise<StorageConfigRow> {
      const scope = await scopeOf(actor);
      if (id !== undefined) {
        const config = await deps.configs.findById(id);
        if (!config) throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
        if (!mayUse(scope, config)) {
          throw new AppError('FORBIDDEN', 'you may not upload to this storage configuration');
        }
        return config;
      }
      const [first] = await this.usableConfigs(actor);
      if (!first) {
        throw new AppError('FORBIDDEN', 'no storage configuration is open to this identity');
      }
      return first;
    },

    async configOf(id: string): Promise<StorageConfigRow> {
      const config = await deps.configs.findById(id);
      if (!config) throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
      return config;
    },

    /** max_upload_size in bytes. */
    async maxUploadBytes(): Promise<number> {
      return Math.floor((await deps.maxUploadSizeMb()) * MB);
    },

    /** Bytes still free on a config (Infinity without a quota). */
    async remainingBytes(config: StorageConfigRow): Promise<number> {
      if (config.quota_bytes === null) return Number.POSITIVE_INFINITY;
      return Math.max(0, config.quota_bytes - (await deps.files.usedBytes(config.id)));
    },

    /** A config's counted usage and what is left of its quota (null without one). */
    async quotaOf(id: string): Promise<{ used: number; available: number | null }> {
      const config = await this.configOf(id);
      const used = await deps.files.usedBytes(config.id);
      if (config.quota_bytes === null) return { used, available: null };
      return { used, available: Math.max(0, config.quota_bytes - used) };
    },

    /** Refuses a declared size beyond max_upload_size (413) or the config's quota (507). */
    async assertFits(config: StorageConfigRow, size: number): Promise<void> {
      const max = await this.maxUploadBytes();
      if (size > max) throw tooLarge(max);
      const remaining = await this.remainingBytes(config);
      if (size > remaining) throw insufficientStorage(config, size, remaining);
    },
  };
}

export type UploadPolicy = ReturnType<typeof createUploadPolicy>;

/**
 * The storage key of a new file: `{path}/{id}/{name}`. The id keeps keys unique whatever the
 * name; the name stays readable for people browsing the bucket.
 */
export function storageKeyFor(fileId: string, filename: string, folder?: string): string {
  const name = keySafeName(filename);
  const path = pathSegments(folder ?? '')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
  try {
    return validateStorageKey([...path, fileId, name].join('/'));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'path: not a valid folder', {
      details: [
        {
          field: 'path',
          rule: 'path',
          message:
            'use folder names without "." or ".." segments, backslashes or control characters',
        },
      ],
    });
  }
}

/** A file name usable as one key segment: no separators or controls, at most 200 bytes. */
function keySafeName(filename: string): string {
  let name = filename.replace(/[\p{Cc}/\\]/gu, '_').trim();
  if (name === '' || name === '.' || name === '..') name = 'file';
  while (Buffer.byteLength(name, 'utf8') > KEY_NAME_MAX_BYTES)
    name = [...name].slice(0, -1).join('');
  return name;
}

/** A fresh file id. */
export const newFileId = (): string => randomUUID();

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  BUILT_IN_STORAGE_CONFIG_NAME,
  STORAGE_PROVIDER_TYPES,
  STORAGE_SIGNATURE_DEFAULT_SECONDS,
  type StorageDriverName,
  type StorageProviderType,
} from '@pasteport/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { StorageConfigsTable } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { isoNow, systemClock, type Clock } from '../lib/clock.js';
import { createSecretBox, isSealed } from '../lib/encryption.js';
import { deriveKey } from '../lib/keys.js';
import { driverRoutesPrefix } from './storage-definition.js';
import type { StorageDriver } from './storage-driver.js';
import { createStorageDriver } from './storage-factory.js';

/** A storage config as stored (secrets sealed). */
export type StorageConfigRow = Selectable<StorageConfigsTable>;

/** The stored configs the registry reads (the storage-config repository fits it). */
export interface StorageConfigSource {
  findById(id: string): Promise<StorageConfigRow | undefined>;
  findDefault(): Promise<StorageConfigRow | undefined>;
  count(): Promise<number>;
  insert(row: Insertable<StorageConfigsTable>): Promise<void>;
}

/** Root of the storage config created on first start, relative to DATA_DIR. */
export const DEFAULT_LOCAL_ROOT = 'storage';

/** Driver options that are credentials: sealed at rest, opened only to build a driver. */
const SECRET_OPTIONS = ['secretAccessKey'] as const;

/** A retired driver is closed this long after its config changed, so requests using it finish. */
const RETIRED_DRIVER_GRACE_MS = 5 * 60_000;

/**
 * What the files service needs to know about a storage config, without its credentials:
 * quota, who may use it, and how its links are made.
 */
export interface StorageConfigMeta {
  id: string;
  name: string;
  provider_type: StorageProviderType;
  driver: StorageDriverName;
  /** Total capacity in bytes; null is unlimited. */
  quota_bytes: number | null;
  allow_api_keys: boolean;
  /** A CDN or custom domain serving the objects; null when links go to the storage itself. */
  custom_host: string | null;
  /** The default folder every key of this storage lives under ('' for none). */
  key_prefix: string;
  /** Lifetime of signed URLs, in seconds. */
  signature_expires_in: number;
  is_default: boolean;
}

/** The provider of a stored row; an unknown value (hand-edited row) reads as "other S3". */
export function providerOf(value: string): StorageProviderType {
  return (STORAGE_PROVIDER_TYPES as readonly string[]).includes(value)
    ? (value as StorageProviderType)
    : 'other_s3';
}

/** Reads the stored options JSON (secrets still sealed). */
export function storedOptions(row: Pick<StorageConfigRow, 'options'>): Record<string, unknown> {
  const parsed: unknown = JSON.parse(row.options);
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

/** A row's non-secret facts. */
export function storageConfigMeta(row: StorageConfigRow): StorageConfigMeta {
  const options = storedOptions(row);
  return {
    id: row.id,
    name: row.name,
    provider_type: providerOf(row.provider_type),
    driver: row.driver === 'local' ? 'local' : 's3',
    quota_bytes: row.quota_bytes === null ? null : Number(row.quota_bytes),
    allow_api_keys: row.allow_api_keys === 1,
    custom_host: typeof options.customHost === 'string' ? options.customHost : null,
    key_prefix: typeof options.prefix === 'string' ? options.prefix : '',
    signature_expires_in:
      typeof options.presignExpiresSeconds === 'number'
        ? options.presignExpiresSeconds
        : STORAGE_SIGNATURE_DEFAULT_SECONDS,
    is_default: row.is_default === 1,
  };
}

/** The additional data a config's secret is sealed under: it opens only on its own row. */
const secretContext = (id: string, option: string) => `storage_configs/${id}/${option}`;

export interface StorageRegistryDeps {
  configs: StorageConfigSource;
  dataDir: string;
  appSecret: string;
  publicUrl: string | undefined;
  logger: Pick<Logger, 'info' | 'warn'>;
  clock?: Clock;
}

/**
 * Turns storage config rows into live drivers, one per config, built on first use and reused.
 * Relative local roots resolve against DATA_DIR so the data folder can move as a whole.
 */
export function createStorageRegistry(deps: StorageRegistryDeps) {
  const repo = deps.configs;
  const signingKey = deriveKey(deps.appSecret, 'local-storage-signed-urls');
  const drivers = new Map<string, Promise<StorageDriver>>();
  const retired = new Set<Promise<StorageDriver>>();
  const secrets = createSecretBox(deps.appSecret, 'storage-credentials');

  /**
   * A row's options with its secrets opened. A secret that cannot be opened (APP_SECRET
   * changed, value altered) throws, or is left out with `unreadable: 'drop'`.
   */
  function openOptions(
    row: Pick<StorageConfigRow, 'id' | 'options'>,
    unreadable: 'throw' | 'drop' = 'throw',
  ): Record<string, unknown> {
    const options = storedOptions(row);
    for (const name of SECRET_OPTIONS) {
      const value = options[name];
      // Plain values stored before encryption are used as they are until next saved.
      if (typeof value !== 'string' || !isSealed(value)) continue;
      try {
        options[name] = secrets.open(value, secretContext(row.id, name));
      } catch (error) {
        if (unreadable === 'drop') {
          delete options[name];
          continue;
        }
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `the credentials of storage config ${row.id} cannot be decrypted (was APP_SECRET changed?); enter the secret again`,
          { cause: error },
        );
      }
    }
    return options;
  }

  /** Where a local config's folder is: relative paths are inside DATA_DIR. */
  function localRoot(rootPath: string): string {
    return path.resolve(deps.dataDir, rootPath);
  }

  function build(row: StorageConfigRow): Promise<StorageDriver> {
    let options: Record<string, unknown>;
    try {
      options = openOptions(row);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (row.driver === 'local' && typeof options.root === 'string') {
      options.root = localRoot(options.root);
    }
    return createStorageDriver(
      row.id,
      { driver: row.driver, options },
      { signingKey, signedUrlBase: `${deps.publicUrl ?? ''}${driverRoutesPrefix(row.driver)}` },
    );
  }

  async function getDriver(id: string): Promise<StorageDriver> {
    let driver = drivers.get(id);
    if (!driver) {
      const row = await repo.findById(id);
      if (!row) throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
      driver = build(row);
      drivers.set(id, driver);
      // A failed build must not be cached: the config may be fixed and retried.
      driver.catch(() => drivers.delete(id));
    }
    return driver;
  }

  async function getDefault(): Promise<StorageDriver> {
    const row = await repo.findDefault();
    if (!row) throw new AppError('SERVICE_UNAVAILABLE', 'no default storage is configured');
    return getDriver(row.id);
  }

  async function mustFindRow(id: string): Promise<StorageConfigRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('NOT_FOUND', `storage config ${id} does not exist`);
    return row;
  }

  return {
    getDriver,
    getDefault,
    openOptions,

    /**
     * The options JSON to store for config `id`, with its secrets (given in plain text, as
     * openOptions returns them) sealed to that row.
     */
    sealOptions(id: string, options: Record<string, unknown>): string {
      const sealed = { ...options };
      for (const name of SECRET_OPTIONS) {
        const value = sealed[name];
        if (typeof value === 'string') {
          sealed[name] = secrets.seal(value, secretContext(id, name));
        }
      }
      return JSON.stringify(sealed);
    },

    localRoot,

    /** A config's non-secret facts (quota, who may use it, link settings); NOT_FOUND if absent. */
    async getConfig(id: string): Promise<StorageConfigMeta> {
      return storageConfigMeta(await mustFindRow(id));
    },

    /** The default config's non-secret facts; SERVICE_UNAVAILABLE when there is none. */
    async getDefaultConfig(): Promise<StorageConfigMeta> {
      const row = await repo.findDefault();
      if (!row) throw new AppError('SERVICE_UNAVAILABLE', 'no default storage is configured');
      return storageConfigMeta(row);
    },

    /** Creates the default local-disk config in DATA_DIR/storage when there is no config at all. */
    async ensureDefault(): Promise<void> {
      if ((await repo.count()) > 0) return;
      const now = isoNow(deps.clock ?? systemClock);
      await repo.insert({
        id: randomUUID(),
        name: BUILT_IN_STORAGE_CONFIG_NAME,
        driver: 'local',
        provider_type: 'local',
        options: JSON.stringify({ root: DEFAULT_LOCAL_ROOT }),
        is_default: 1,
        allow_api_keys: 1,
        quota_bytes: null,
        created_at: now,
        updated_at: now,
      });
      deps.logger.info(
        { root: path.join(deps.dataDir, DEFAULT_LOCAL_ROOT) },
        'created the default local storage',
      );
    },

    /** Throws with the driver's own words when the default storage is not usable. */
    async checkDefault(): Promise<void> {
      const result = await (await getDefault()).check();
      if (!result.ok) throw new Error(result.error);
    },

    /**
     * Forgets a cached driver after its config changed or was deleted; the next use builds a
     * new one. The old driver is closed after a grace period, not at once, so uploads and
     * downloads already running on it finish.
     */
    evict(id: string): Promise<void> {
      const driver = drivers.get(id);
      if (!driver) return Promise.resolve();
      drivers.delete(id);
      retired.add(driver);
      setTimeout(() => {
        if (!retired.delete(driver)) return;
        driver.then((d) => d.close()).catch(() => undefined);
      }, RETIRED_DRIVER_GRACE_MS).unref();
      return Promise.resolve();
    },

    async close(): Promise<void> {
      const all = [...drivers.values(), ...retired];
      drivers.clear();
      retired.clear();
      await Promise.all(all.map((d) => d.then((x) => x.close()).catch(() => undefined)));
    },
  };
}

export type StorageRegistry = ReturnType<typeof createStorageRegistry>;

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow, systemClock, type Clock } from '../../lib/clock.js';
import { deriveKey } from '../../lib/keys.js';
import { LocalStorageDriver } from '../../storage/drivers/local/local-driver.js';
import { registerLocalSignedRoutes } from '../../storage/drivers/local/local-signed.routes.js';
import type { StorageDriver } from '../../storage/storage-driver.js';
import { createStorageDriver } from '../../storage/storage-factory.js';
import {
  createStorageConfigRepository,
  type StorageConfigRow,
} from './storage-config.repository.js';

/** Where local drivers' signed URLs are served. */
export const LOCAL_SIGNED_PREFIX = '/api/storage/local';

/** Root of the storage config created on first start, relative to DATA_DIR. */
export const DEFAULT_LOCAL_ROOT = 'storage';

export interface StorageRegistryDeps {
  db: Kysely<Database>;
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
  const repo = createStorageConfigRepository(deps.db);
  const context = {
    signingKey: deriveKey(deps.appSecret, 'local-storage-signed-urls'),
    signedUrlBase: `${deps.publicUrl ?? ''}${LOCAL_SIGNED_PREFIX}`,
  };
  const drivers = new Map<string, Promise<StorageDriver>>();

  function build(row: StorageConfigRow): Promise<StorageDriver> {
    const options = JSON.parse(row.options) as Record<string, unknown>;
    if (
      row.driver === 'local' &&
      typeof options.root === 'string' &&
      !path.isAbsolute(options.root)
    ) {
      options.root = path.resolve(deps.dataDir, options.root);
    }
    return createStorageDriver(row.id, { driver: row.driver, options }, context);
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

  return {
    getDriver,
    getDefault,

    /** Creates the default local-disk config in DATA_DIR/storage when there is no config at all. */
    async ensureDefault(): Promise<void> {
      if ((await repo.count()) > 0) return;
      const now = isoNow(deps.clock ?? systemClock);
      await repo.insert({
        id: randomUUID(),
        name: 'Local disk',
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

    /** Mounts the routes that serve local drivers' signed URLs. */
    async registerRoutes(app: FastifyInstance): Promise<void> {
      await registerLocalSignedRoutes(app, {
        prefix: LOCAL_SIGNED_PREFIX,
        getLocalDriver: async (id) => {
          const driver = await getDriver(id).catch(() => null);
          return driver instanceof LocalStorageDriver ? driver : null;
        },
      });
    },

    /** Forgets a cached driver after its config changed or was deleted. */
    async evict(id: string): Promise<void> {
      const driver = drivers.get(id);
      drivers.delete(id);
      await driver?.then((d) => d.close()).catch(() => undefined);
    },

    async close(): Promise<void> {
      const all = [...drivers.values()];
      drivers.clear();
      await Promise.all(all.map((d) => d.then((x) => x.close()).catch(() => undefined)));
    },
  };
}

export type StorageRegistry = ReturnType<typeof createStorageRegistry>;

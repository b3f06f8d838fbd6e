import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { SETTINGS } from '../settings/settings.definitions.js';
import { createSettingsRepository } from '../settings/settings.repository.js';
import { createSettingsService } from '../settings/settings.service.js';
import { createStorageConfigRepository } from './storage-config.repository.js';
import { registerStorageConfigRoutes } from './storage-config.routes.js';
import { createStorageConfigService, STORAGE_CONFIG_TOPIC } from './storage-config.service.js';
import type { StorageRegistry } from './storage-registry.js';

/** What the storage-config feature needs from the app (AppDeps fits it). */
export interface StorageConfigModuleDeps {
  config: { publicUrl: string | undefined };
  database: DatabaseHandle;
  storage: StorageRegistry;
  clock?: Clock;
}

/**
 * Wires the storage-config feature into the app: service, routes, and the subscription that
 * drops a cached driver on every instance when its config changes or goes.
 */
export function registerStorageConfigModule(
  app: FastifyInstance,
  deps: StorageConfigModuleDeps,
): void {
  const clock = deps.clock ?? systemClock;
  const settings = createSettingsService({
    repo: createSettingsRepository(deps.database.db),
    clock,
  });
  const service = createStorageConfigService({
    repo: createStorageConfigRepository(deps.database.db),
    storage: deps.storage,
    clock,
    invalidation: deps.database.invalidation,
    allowGuestUploads: () => settings.get(SETTINGS.allowGuestUploads),
  });
  deps.database.invalidation.subscribe(STORAGE_CONFIG_TOPIC, (id) => void deps.storage.evict(id));
  registerStorageConfigRoutes(app, service, { publicUrl: deps.config.publicUrl });
}

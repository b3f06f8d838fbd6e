import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { systemClock } from '../../lib/clock.js';
import { deriveKey } from '../../lib/keys.js';
import { createLoginAttemptRepository } from '../auth/login-attempt.repository.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { SETTINGS } from '../settings/settings.definitions.js';
import { createSettingsRepository } from '../settings/settings.repository.js';
import { createSettingsService } from '../settings/settings.service.js';
import { createStorageConfigRepository } from '../storage-configs/storage-config.repository.js';
import { registerUrlImportModule } from '../url-import/url-import.module.js';
import { createBrowserUploadService } from './browser-upload.service.js';
import { createDirectUploadService } from './direct-upload.service.js';
import { createFileAccessTokens } from './file-access-token.js';
import { createFileGrants } from './file-grant.js';
import { createFileAccessService } from './file-access.service.js';
import { createFileManagementService } from './file-management.service.js';
import { registerFileManagementRoutes } from './file-management.routes.js';
import { registerFilePublicRoutes } from './file-public.routes.js';
import { registerFileUploadRoutes } from './file-upload.routes.js';
import { createFileRepository } from './file.repository.js';
import { createPendingFiles } from './pending-files.js';
import { createUploadPolicy } from './upload-policy.js';

/** Builds the file-sharing services (SPEC §7 Files) and mounts their routes. */
export async function registerFileModule(
  app: FastifyInstance,
  deps: AppDeps,
  logger: FastifyBaseLogger,
): Promise<void> {
  const db = deps.database.db;
  const clock = deps.clock ?? systemClock;
  const files = createFileRepository(db);
  const settings = createSettingsService({ repo: createSettingsRepository(db), clock });
  const configs = createStorageConfigRepository(db);
  const policy = createUploadPolicy({
    configs: {
      findById: (id) => configs.findById(id),
      listAll: () => configs.list(),
    },
    files,
    allowGuestUploads: () => settings.get(SETTINGS.allowGuestUploads),
    maxUploadSizeMb: () => settings.get(SETTINGS.maxUploadSizeMb),
  });
  const uploadDeps = {
    files,
    policy,
    storage: deps.storage,
    clock,
    publicUrl: deps.config.publicUrl,
  };
  const pending = createPendingFiles(uploadDeps);
  const browser = createBrowserUploadService(uploadDeps, pending);

  await registerFileUploadRoutes(app, {
    direct: createDirectUploadService(uploadDeps, pending),
    browser,
    policy,
  });
  // URL upload shares this module's policy, records and presigning (one instance of each).
  registerUrlImportModule(app, {
    ...uploadDeps,
    pending,
    browser,
    logger,
    fetchTestSeams: deps.urlFetchTestSeams,
  });
  registerFilePublicRoutes(
    app,
    createFileAccessService({
      files,
      storage: deps.storage,
      clock,
      tokens: createFileAccessTokens(deriveKey(deps.appSecret, 'file-access-tokens')),
      grants: createFileGrants(deriveKey(deps.appSecret, 'file-grants')),
      passwordThrottle: createLoginThrottle({
        repo: createLoginAttemptRepository(db),
        clock,
        purpose: 'share-password',
        ...(deps.throttleLimits ? { limits: deps.throttleLimits } : {}),
      }),
    }),
    deps.config.publicUrl,
    deps.storage,
  );
  registerFileManagementRoutes(
    app,
    createFileManagementService({
      files,
      storage: deps.storage,
      clock,
      publicUrl: deps.config.publicUrl,
      logger,
    }),
  );
}

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { BrowserUploadService } from '../files/browser-upload.service.js';
import type { PendingFiles } from '../files/pending-files.js';
import type { UploadPolicy } from '../files/upload-policy.js';
import type { StorageRegistry } from '../storage-configs/storage-registry.js';
import { createRemoteFetcher, type FetchTestSeams } from './remote-fetch.js';
import { createUrlFetchService } from './url-fetch.service.js';
import { createUrlImportService } from './url-import.service.js';
import { registerUrlImportRoutes } from './url-import.routes.js';

/** What URL upload shares with the files module: its upload rules, records and presigning. */
export interface UrlImportModuleDeps {
  policy: UploadPolicy;
  pending: PendingFiles;
  browser: BrowserUploadService;
  storage: StorageRegistry;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Test seam only (AppDeps.urlFetchTestSeams); undefined in production. */
  fetchTestSeams?: FetchTestSeams | undefined;
}

/** Builds URL upload (SPEC §7 URL upload) and mounts its routes. */
export function registerUrlImportModule(app: FastifyInstance, deps: UrlImportModuleDeps): void {
  const fetch = createRemoteFetcher(deps.fetchTestSeams);
  const imports = createUrlImportService({ ...deps, fetch });
  registerUrlImportRoutes(app, {
    fetch: createUrlFetchService({ policy: deps.policy, fetch }),
    imports,
    browser: deps.browser,
  });
  // Running imports hold sockets and pending records: stop them and clean up before the
  // database and storage close.
  app.addHook('onClose', () => imports.close());
}

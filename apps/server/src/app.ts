import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config/config.js';
import { installCors } from './http/cors.js';
import { installErrorHandler } from './http/error-handler.js';
import { installHttpLimits } from './http/http-limits.js';
import { installIdempotency } from './http/idempotency.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installJsonCompression } from './http/json-compression.js';
import { installUserContentPolicy } from './http/user-content.js';
import { computeSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerAccessControl } from './http/access.js';
import type { Composition } from './composition.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-key.routes.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerCacheRoutes } from './modules/cache/cache.routes.js';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { registerFileManagementRoutes } from './modules/files/file-management.routes.js';
import { registerFilePublicRoutes } from './modules/files/file-public.routes.js';
import { registerFileUploadRoutes } from './modules/files/file-upload.routes.js';
import { registerFsArchiveRoutes } from './modules/fs/fs-archive.routes.js';
import { registerFsCopyRoutes } from './modules/fs/fs-copy.routes.js';
import { registerFsReadRoutes } from './modules/fs/fs-read.routes.js';
import { registerFsShareRoutes } from './modules/fs/fs-share.routes.js';
import { registerFsWriteRoutes } from './modules/fs/fs-write.routes.js';
import { installHttpMetrics } from './modules/metrics/http-metrics.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import { registerMountRoutes } from './modules/mounts/mount.routes.js';
import { registerPasteManagementRoutes } from './modules/pastes/paste-management.routes.js';
import { registerPasteRoutes } from './modules/pastes/paste.routes.js';
import { registerSearchRoutes } from './modules/search/search.routes.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { registerStorageConfigRoutes } from './modules/storage-configs/storage-config.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerTaskRoutes } from './modules/tasks/task.routes.js';
import { registerUrlImportRoutes } from './modules/url-import/url-import.routes.js';
import { registerDavRoutes } from './modules/webdav/dav.routes.js';
import { driverRoutesPrefix } from './storage/storage-definition.js';
import { STORAGE_DRIVER_DEFINITIONS } from './storage/storage-factory.js';

/** JSON bodies beyond this are refused with 413; routes that need more set their own limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the Fastify app on the composed services (composition.ts) without listening, so tests
 * can inject requests or pick a port: the HTTP pieces, then each module's routes with the
 * services they need.
 */
export async function createApp(root: Composition): Promise<FastifyInstance> {
  const { deps, services, storage } = root;
  // Typed as Fastify's logger interface so Fastify infers its default generics.
  const logger: FastifyBaseLogger = root.logger;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    trustProxy: toFastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Long slugs and paths are refused by validation; this only bounds router work.
    routerOptions: { maxParamLength: 1000 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // No total time for a request: a big upload on a slow link may take hours. A body that
    // stalls is bounded by the body idle timeout instead (installHttpLimits below).
    requestTimeout: 0,
  });
  // First of all: every answer to a listed origin, even one a later hook sends early, carries
  // the CORS headers, and a preflight is answered before anything else looks at it.
  installCors(app, deps.corsOrigins ?? []);
  // The listed origins may also frame and embed previews (user content), nothing else.
  installUserContentPolicy(app, deps.corsOrigins ?? []);
  // Then: the body timer starts before any hook awaits, and the upload-slot routes are marked.
  installHttpLimits(app, deps.httpLimits);
  // Then the byte meters, before anything reads a body; the request counters after each answer.
  installHttpMetrics(app, root.metrics);

  // While draining, keep closing connections as they go idle; otherwise a keep-alive client
  // socket would hold close() open until the keep-alive timeout. (A per-response
  // `Connection: close` hook would cost every request; this costs nothing until shutdown.)
  app.addHook('preClose', (done) => {
    if (!app.server.listening) return done();
    const timer = setInterval(() => app.server.closeIdleConnections(), 50).unref();
    app.server.once('close', () => clearInterval(timer));
    done();
  });

  // JSON only: a text/plain body on a JSON route is a wrong content type (415), not bad JSON.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  // Idempotency-Key on every mutating /api route; before the routes and the compression.
  installIdempotency(app, services.idempotency);
  // Big JSON answers (lists, dashboards) compressed when asked; never user content.
  installJsonCompression(app);

  installErrorHandler(app);

  // Before any route: access control checks each route declares who may call it. Its one
  // request hook also sets the security headers and the request id (one hook, not two: every
  // request pays for each hook).
  registerAccessControl(
    app,
    {
      session: (token) => services.auth.authenticate(token),
      apiKey: (key) => services.apiKeys.authenticate(key),
      metricsToken: deps.metricsToken,
    },
    computeSecurityHeaders(deps.config.publicUrl?.startsWith('https://') ?? false),
  );
  registerSystemRoutes(app, services.system);
  registerMetricsRoutes(app, root.metrics);
  registerAuthRoutes(app, services.auth);
  registerApiKeyRoutes(app, services.apiKeys);
  registerSettingsRoutes(app, services.systemSettings);
  registerPasteRoutes(app, services.pastes);
  registerPasteManagementRoutes(app, services.pasteManagement);
  registerStorageConfigRoutes(app, services.storageConfigs, { publicUrl: deps.config.publicUrl });
  registerMountRoutes(app, services.mounts);
  registerDashboardRoutes(app, services.dashboard);
  registerCacheRoutes(app, services.cache);
  registerSearchRoutes(app, { search: services.search, crawl: services.fsCrawl });
  await registerFileUploadRoutes(app, {
    direct: services.directUploads,
    browser: services.browserUploads,
    policy: services.uploadPolicy,
  });
  registerUrlImportRoutes(app, {
    fetch: services.urlFetch,
    imports: services.urlImports,
    browser: services.browserUploads,
  });
  await registerFsWriteRoutes(app, {
    writes: services.fsWrites,
    uploads: services.fsUploads,
    fetches: services.fsFetch,
    uploadTasks: services.fsUploadTasks,
  });
  registerFilePublicRoutes(app, services.fileAccess);
  registerFileManagementRoutes(app, services.fileManagement);
  registerFsShareRoutes(app, services.fsShare);
  registerFsArchiveRoutes(app, services.fsArchive);
  registerFsReadRoutes(app, services.fsRead);
  registerFsCopyRoutes(app, services.fsCopy);
  registerTaskRoutes(app, services.tasks);
  await registerDavRoutes(app, root.webdav);
  // Routes drivers serve themselves (the local driver's signed URLs), by driver definition.
  for (const driver of STORAGE_DRIVER_DEFINITIONS) {
    await driver.routes?.(app, {
      prefix: driverRoutesPrefix(driver.kind),
      getDriver: (id) => storage.getDriver(id).catch(() => null),
    });
  }

  await registerWebApp(app, deps.webDistDir);
  // Running imports hold sockets and pending records: stop them and clean up before the
  // database and storage close.
  app.addHook('onClose', () => services.urlImports.close());
  // After the last request drained: write the views still counted in memory.
  app.addHook('onClose', () => services.pastes.close());
  return app;
}

/** A hop count means "trust the closest n proxies", as proxy-addr counts them. */
function toFastifyTrustProxy(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import { installCors } from './http/cors.js';
import { installErrorHandler } from './http/error-handler.js';
import { installHttpLimits, type HttpLimits } from './http/http-limits.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installJsonCompression } from './http/json-compression.js';
import { installUserContentPolicy } from './http/user-content.js';
import { createLogger } from './http/log-redaction.js';
import { computeSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import type { StorageRegistry } from './modules/storage-configs/storage-registry.js';
import { registerAccessControl } from './http/access.js';
import { createBatchedCounter } from './lib/batched-counter.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createApiKeyRepository } from './modules/api-keys/api-key.repository.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-key.routes.js';
import { createApiKeyService } from './modules/api-keys/api-key.service.js';
import { createAdminRepository } from './modules/auth/admin.repository.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository.js';
import { createLoginThrottle, type ThrottleLimits } from './modules/auth/login-throttle.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { registerPasteManagementRoutes } from './modules/pastes/paste-management.routes.js';
import { registerStorageConfigModule } from './modules/storage-configs/storage-config.module.js';
import { createPasteManagementService } from './modules/pastes/paste-management.service.js';
import { createPasteCache } from './modules/pastes/paste-cache.js';
import { countedPasteCache } from './modules/cache/counted-paste-cache.js';
import { registerCacheRoutes } from './modules/cache/cache.routes.js';
import { createCacheService } from './modules/cache/cache.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createPasteRepository } from './modules/pastes/paste.repository.js';
import { registerPasteRoutes } from './modules/pastes/paste.routes.js';
import { registerFileModule } from './modules/files/file.module.js';
import { createPasteService } from './modules/pastes/paste.service.js';
import { SETTINGS } from './modules/settings/settings.definitions.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSystemSettingsService } from './modules/settings/system-settings.service.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { createSystemService } from './modules/system/system.service.js';

/** Everything the HTTP app needs, built by main.ts (or a test harness). */
export interface AppDeps {
  config: Pick<Config, 'logLevel' | 'trustProxy' | 'publicUrl' | 'sessionTtlMs'>;
  database: DatabaseHandle;
  storage: StorageRegistry;
  /** Keys for signed tokens derive from it (file access tokens). */
  appSecret: string;
  /** The built web app (apps/web/dist); undefined or missing → API only. */
  webDistDir?: string | undefined;
  /** How long a health probe round is reused (tests use 0 to see every change at once). */
  healthReuseMs?: number;
  clock?: Clock;
  /** Login throttling limits (tests shrink the window). */
  throttleLimits?: ThrottleLimits;
  /**
   * The pino logger (main.ts shares one between boot and requests; tests pass a silent one).
   * Build it with createLogger (http/log-redaction.ts): that is what keeps secrets out of it.
   */
  logger?: Logger;
  /** Body timeout and anonymous upload slots (main.ts passes the configured ones; tests shrink them). */
  httpLimits?: Partial<HttpLimits>;
  /** Origins whose pages may call the API across origins (CORS_ORIGINS); none → no CORS. */
  corsOrigins?: readonly string[];
  /**
   * TEST SEAM ONLY, never set by main.ts: lets URL import reach loopback test servers standing
   * in for public hosts (safeFetch's `resolve` and `allowAddresses`).
   */
  urlFetchTestSeams?: {
    resolve?: (hostname: string) => Promise<string[]>;
    allowAddresses?: readonly string[];
  };
}

/** JSON bodies beyond this are refused with 413; routes that need more set their own limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Views of unlimited pastes are written this often (and when the server stops). */
const VIEW_FLUSH_INTERVAL_MS = 1000;

/** Builds the Fastify app without listening, so tests can inject requests or pick a port. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  // Typed as Fastify's logger interface so Fastify infers its default generics.
  const logger: FastifyBaseLogger = deps.logger ?? createLogger(deps.config.logLevel);
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
  // Big JSON answers (lists, dashboards) compressed when asked; never user content.
  installJsonCompression(app);

  installErrorHandler(app);

  const services = buildServices(deps, logger);
  // Before any route: access control checks each route declares who may call it. Its one
  // request hook also sets the security headers and the request id (one hook, not two: every
  // request pays for each hook).
  registerAccessControl(
    app,
    {
      session: (token) => services.auth.authenticate(token),
      apiKey: (key) => services.apiKeys.authenticate(key),
    },
    computeSecurityHeaders(deps.config.publicUrl?.startsWith('https://') ?? false),
  );
  registerSystemRoutes(app, services.system);
  registerAuthRoutes(app, services.auth);
  registerApiKeyRoutes(app, services.apiKeys);
  registerSettingsRoutes(app, services.systemSettings);
  registerPasteRoutes(app, services.pastes);
  registerPasteManagementRoutes(app, services.pasteManagement);
  registerStorageConfigModule(app, deps);
  registerDashboardRoutes(app, services.dashboard);
  registerCacheRoutes(app, services.cache);
  await registerFileModule(app, deps, logger);
  await deps.storage.registerRoutes(app);

  await registerWebApp(app, deps.webDistDir);
  // After the last request drained: write the views still counted in memory.
  app.addHook('onClose', () => services.pastes.close());
  return app;
}

/** Repositories and services for the HTTP app, built from its dependencies. */
export function buildServices(deps: AppDeps, logger: FastifyBaseLogger) {
  const db = deps.database.db;
  const clock = deps.clock ?? systemClock;
  const settings = createSettingsService({ repo: createSettingsRepository(db), clock });
  const throttleOptions = deps.throttleLimits ? { limits: deps.throttleLimits } : {};
  const pasteRepo = createPasteRepository(db);
  const pasteCache = countedPasteCache(
    createPasteCache({ clock, invalidation: deps.database.invalidation }),
    deps.database.invalidation,
  );
  const pasteViews = createBatchedCounter({
    write: (counts) => pasteRepo.addViews(counts),
    intervalMs: VIEW_FLUSH_INTERVAL_MS,
    onError: (err) => logger.warn({ err }, 'could not write paste view counts; will retry'),
  });
  const apiKeys = createApiKeyService({
    repo: createApiKeyRepository(db),
    clock,
    invalidation: deps.database.invalidation,
    onTouchError: (err) => logger.warn({ err }, 'could not record API key use'),
  });
  return {
    dashboard: createDashboardService({ repo: createDashboardRepository(db), clock }),
    cache: createCacheService({ caches: [pasteCache, apiKeys.cache] }),
    system: createSystemService(
      {
        databaseKind: deps.database.kind,
        pingDatabase: deps.database.ping,
        checkDefaultStorage: () => deps.storage.checkDefault(),
      },
      { reuseMs: deps.healthReuseMs },
    ),
    auth: createAuthService({
      admins: createAdminRepository(db),
      sessions: createSessionRepository(db),
      throttle: createLoginThrottle({
        repo: createLoginAttemptRepository(db),
        clock,
        purpose: 'admin-login',
        ...(deps.throttleLimits ? { limits: deps.throttleLimits } : {}),
      }),
      clock,
      sessionTtlMs: deps.config.sessionTtlMs,
    }),
    apiKeys,
    systemSettings: createSystemSettingsService(settings),
    pasteManagement: createPasteManagementService({
      repo: pasteRepo,
      clock,
      cache: pasteCache,
      viewCounter: pasteViews,
    }),
    pastes: createPasteService({
      repo: pasteRepo,
      clock,
      passwordThrottle: createLoginThrottle({
        repo: createLoginAttemptRepository(db),
        clock,
        purpose: 'share-password',
        ...throttleOptions,
      }),
      allowGuestPastes: () => settings.get(SETTINGS.allowGuestPastes),
      publicUrl: deps.config.publicUrl,
      cache: pasteCache,
      viewCounter: pasteViews,
    }),
  };
}

/** A hop count means "trust the closest n proxies", as proxy-addr counts them. */
function toFastifyTrustProxy(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

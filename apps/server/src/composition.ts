import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config/config.js';
import type { DatabaseHandle } from './db/database.js';
import type { HttpLimits } from './http/http-limits.js';
import { createLogger } from './http/log-redaction.js';
import { createJobLeaseRepository } from './jobs/job-lease.repository.js';
import type { SweepServices } from './jobs/sweeps.js';
import { createBatchedCounter } from './lib/batched-counter.js';
import { type Clock, systemClock } from './lib/clock.js';
import { createSecretBox } from './lib/encryption.js';
import { deriveKey } from './lib/keys.js';
import { createApiKeyRepository } from './modules/api-keys/api-key.repository.js';
import { createApiKeyService } from './modules/api-keys/api-key.service.js';
import { createAdminRepository } from './modules/auth/admin.repository.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { ensureInitialAdmin } from './modules/auth/initial-admin.js';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository.js';
import { createLoginThrottle, type ThrottleLimits } from './modules/auth/login-throttle.js';
import { createSessionRepository } from './modules/auth/session.repository.js';
import { countedPasteCache } from './modules/cache/counted-paste-cache.js';
import { createCacheService } from './modules/cache/cache.service.js';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createBrowserUploadService } from './modules/files/browser-upload.service.js';
import { createDirectUploadService } from './modules/files/direct-upload.service.js';
import { createFileAccessTokens } from './modules/files/file-access-token.js';
import { createFileAccessService } from './modules/files/file-access.service.js';
import { createFileGrants } from './modules/files/file-grant.js';
import { createFileManagementService } from './modules/files/file-management.service.js';
import { createFileSweeper } from './modules/files/file-sweep.js';
import { createFileRepository } from './modules/files/file.repository.js';
import { createLinkedShares } from './modules/files/linked-shares.js';
import { createFsShareService } from './modules/fs/fs-share.service.js';
import { createArchiveLinkRepository } from './modules/fs/archive-links.repository.js';
import { createFsArchiveService } from './modules/fs/fs-archive.service.js';
import { createPendingFiles } from './modules/files/pending-files.js';
import { createUploadPolicy } from './modules/files/upload-policy.js';
import { createDavAuthenticator, ADMIN_CREDENTIALS_TOPIC } from './modules/webdav/dav-auth.js';
import { createDavLockRepository } from './modules/webdav/dav-lock.repository.js';
import { createDavLocks } from './modules/webdav/dav-locks.js';
import {
  createDavPropertyRepository,
  removePropertiesOfRemoved,
} from './modules/webdav/dav-property.repository.js';
import { createDavResources } from './modules/webdav/dav-resources.js';
import { createPasteCache } from './modules/pastes/paste-cache.js';
import { createPasteManagementService } from './modules/pastes/paste-management.service.js';
import { createPasteRepository } from './modules/pastes/paste.repository.js';
import { createPasteService } from './modules/pastes/paste.service.js';
import { SETTINGS } from './modules/settings/settings.definitions.js';
import { createSettingsRepository } from './modules/settings/settings.repository.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSystemSettingsService } from './modules/settings/system-settings.service.js';
import { createStorageConfigRepository } from './modules/storage-configs/storage-config.repository.js';
import {
  createStorageConfigService,
  STORAGE_CONFIG_TOPIC,
} from './modules/storage-configs/storage-config.service.js';
import { createSystemService } from './modules/system/system.service.js';
import { createRemoteFetcher, type RemoteFetcher } from './modules/url-import/remote-fetch.js';
import { createUrlFetchService } from './modules/url-import/url-fetch.service.js';
import { createUrlImportRepository } from './modules/url-import/url-import.repository.js';
import { createUrlImportService } from './modules/url-import/url-import.service.js';
import { createStorageRegistry } from './storage/registry.js';
import { createMountRepository } from './modules/mounts/mount.repository.js';
import { createServerMetrics } from './modules/metrics/server-metrics.js';
import { createCursorCodec } from './modules/fs/directory-listing.js';
import { createFsReadService } from './modules/fs/fs-read.service.js';
import { createListingCache } from './modules/fs/listing-cache.js';
import { createMountService } from './modules/mounts/mount.service.js';
import { createFsCrawl } from './modules/search/fs-crawl.js';
import { createFsIndexRepository } from './modules/search/fs-index.repository.js';
import { createFsIndexer } from './modules/search/fs-indexer.js';
import { createSearchCache } from './modules/search/search-cache.js';
import { createSearchService, storageTypeFrom } from './modules/search/search.service.js';
import { createFsLimits } from './modules/fs/fs-limits.js';
import { createFsUploadTokens } from './modules/fs/fs-upload-token.js';
import { createFsUploadService } from './modules/fs/fs-upload.service.js';
import { createWriteTargets } from './modules/fs/fs-write-target.js';
import { createFsWriteService } from './modules/fs/fs-write.service.js';
import { createFsChanges } from './vfs/fs-changes.js';
import { createCopyTaskHandler } from './modules/fs/fs-copy.task.js';
import { createRemoveTaskHandler } from './modules/fs/fs-remove.task.js';
import { createFetchTaskHandler } from './modules/fs/fs-fetch.task.js';
import { createFsFetchService } from './modules/fs/fs-fetch.service.js';
import { createFsUploadTaskService } from './modules/fs/fs-upload-task.service.js';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.js';
import {
  createIdempotencyService,
  type IdempotencyWait,
} from './modules/idempotency/idempotency.service.js';
import { createFsCopyService } from './modules/fs/fs-copy.service.js';
import type { TaskHandlers } from './modules/tasks/task-handler.js';
import { createTaskRepository } from './modules/tasks/task.repository.js';
import { createTaskRunner, type TaskRunnerOptions } from './modules/tasks/task-runner.js';
import { createTaskService } from './modules/tasks/task.service.js';
import { createMountTable, MOUNTS_TOPIC } from './vfs/mount-table.js';
import { reachableMounts } from './vfs/mount-space.js';

/** Everything the server is built from: given by boot.ts (or a test harness). */
export interface AppDeps {
  config: Pick<Config, 'logLevel' | 'trustProxy' | 'publicUrl' | 'sessionTtlMs'>;
  database: DatabaseHandle;
  /** DATA_DIR: relative local storage roots resolve against it. */
  dataDir: string;
  /** Keys for signed tokens derive from it (file access tokens, signed URLs, sealed secrets). */
  appSecret: string;
  /** The built web app (apps/web/dist); undefined or missing → API only. */
  webDistDir?: string | undefined;
  /** How long a health probe round is reused (tests use 0 to see every change at once). */
  healthReuseMs?: number;
  clock?: Clock;
  /** Login throttling limits (tests shrink the window). */
  throttleLimits?: ThrottleLimits;
  /**
   * The pino logger (boot shares one between start-up and requests; tests pass a silent one).
   * Build it with createLogger (http/log-redaction.ts): that is what keeps secrets out of it.
   */
  logger?: Logger;
  /** Body timeout and anonymous upload slots (boot passes the configured ones; tests shrink them). */
  httpLimits?: Partial<HttpLimits>;
  /** Origins whose pages may call the API across origins (CORS_ORIGINS); none → no CORS. */
  corsOrigins?: readonly string[];
  /**
   * How URL import fetches a remote URL; by default the safe fetch with its address policy
   * (public addresses only).
   */
  fetcher?: RemoteFetcher;
  /** How long a repeated Idempotency-Key waits for its first request (tests lengthen it). */
  idempotencyWait?: Partial<IdempotencyWait>;
  /** METRICS_TOKEN: a Bearer token that may read /metrics besides the admin's session. */
  metricsToken?: string | undefined;
}

/** Views of unlimited pastes are written this often (and when the server stops). */
const VIEW_FLUSH_INTERVAL_MS = 1000;

/**
 * The composition root: builds every repository and service of the server exactly once, from
 * its dependencies. The HTTP app (app.ts) hands each module's routes the services they need;
 * boot.ts runs the jobs on the same services.
 */
export function compose(deps: AppDeps) {
  const db = deps.database.db;
  const { invalidation } = deps.database;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? createLogger(deps.config.logLevel);
  const { publicUrl } = deps.config;
  const throttleLimits = deps.throttleLimits ? { limits: deps.throttleLimits } : {};

  const repos = {
    admins: createAdminRepository(db),
    archiveLinks: createArchiveLinkRepository(db),
    apiKeys: createApiKeyRepository(db),
    davLocks: createDavLockRepository(db),
    davProperties: createDavPropertyRepository(db),
    dashboard: createDashboardRepository(db),
    files: createFileRepository(db),
    fsIndex: createFsIndexRepository(db, deps.database.kind),
    idempotencyKeys: createIdempotencyRepository(db),
    jobLeases: createJobLeaseRepository(db),
    loginAttempts: createLoginAttemptRepository(db),
    mounts: createMountRepository(db),
    tasks: createTaskRepository(db),
    pastes: createPasteRepository(db),
    sessions: createSessionRepository(db),
    settings: createSettingsRepository(db),
    storageConfigs: createStorageConfigRepository(db),
    urlImports: createUrlImportRepository(db),
  };

  const storage = createStorageRegistry({
    configs: repos.storageConfigs,
    dataDir: deps.dataDir,
    appSecret: deps.appSecret,
    publicUrl,
    logger,
    clock,
  });
  // A changed or deleted config drops its cached driver on every instance.
  invalidation.subscribe(STORAGE_CONFIG_TOPIC, (id) => void storage.evict(id));

  const settings = createSettingsService({ repo: repos.settings, clock });
  // The virtual file system: the active mounts, and where writes into storage are announced.
  const mountTable = createMountTable({
    repo: repos.mounts,
    invalidation,
    alsoOn: [STORAGE_CONFIG_TOPIC],
  });
  const fsChanges = createFsChanges(logger);
  // Directory pages of storages, dropped on every instance when a write changes their folder.
  const listingCache = createListingCache({ clock, invalidation });
  fsChanges.subscribe((change) => listingCache.forgetChange(change));
  // Search result pages, dropped on every instance when a storage's index changes.
  const searchCache = createSearchCache({ clock, invalidation });
  // A mount or storage config change alters what callers may see: every instance hears it.
  for (const topic of [MOUNTS_TOPIC, STORAGE_CONFIG_TOPIC]) {
    invalidation.subscribe(topic, () => searchCache.forgetAllHere());
  }
  // The search index follows every write (the crawl catches up with the others); the cached
  // results of the storage are dropped once the index has it.
  const fsIndexer = createFsIndexer(repos.fsIndex);
  fsChanges.subscribe(async (change) => {
    try {
      await fsIndexer.apply(change);
    } finally {
      await searchCache.forgetStorage(change.storageConfigId);
    }
  });
  const sharePasswordThrottle = createLoginThrottle({
    repo: repos.loginAttempts,
    clock,
    purpose: 'share-password',
    ...throttleLimits,
  });

  const pasteCache = countedPasteCache(createPasteCache({ clock, invalidation }), invalidation);
  const pasteViews = createBatchedCounter({
    write: (counts) => repos.pastes.addViews(counts),
    intervalMs: VIEW_FLUSH_INTERVAL_MS,
    onError: (err) => logger.warn({ err }, 'could not write paste view counts; will retry'),
  });
  const apiKeys = createApiKeyService({
    repo: repos.apiKeys,
    clock,
    invalidation,
    onTouchError: (err) => logger.warn({ err }, 'could not record API key use'),
  });

  const uploadPolicy = createUploadPolicy({
    configs: {
      findById: (id) => repos.storageConfigs.findById(id),
      listAll: () => repos.storageConfigs.list(),
    },
    files: repos.files,
    allowGuestUploads: () => settings.get(SETTINGS.allowGuestUploads),
    maxUploadSizeMb: () => settings.get(SETTINGS.maxUploadSizeMb),
  });
  const uploadDeps = {
    files: repos.files,
    policy: uploadPolicy,
    storage,
    clock,
    publicUrl,
    changes: fsChanges,
  };
  const pendingFiles = createPendingFiles(uploadDeps);
  // File shares of mount objects end when their object is removed through this server.
  const linkedShares = createLinkedShares({
    files: repos.files,
    pending: pendingFiles,
    clock,
    publicUrl,
  });
  fsChanges.subscribe((change) => linkedShares.follow(change));
  const browserUploads = createBrowserUploadService(uploadDeps, pendingFiles);
  const fetcher = deps.fetcher ?? createRemoteFetcher();
  // File-system writes: one gate for every path, the upload policy's limits, announced changes.
  const tasks = createTaskService({ repo: repos.tasks, clock, invalidation });
  const fsWriteDeps = {
    targets: createWriteTargets({ mountTable, storage }),
    limits: createFsLimits(uploadPolicy),
    fsChanges,
    tasks,
    clock,
  };
  // Each task type's work, registered by the module that owns it; the runner knows none.
  const taskHandlers: TaskHandlers = {
    copy: createCopyTaskHandler({ storage, limits: fsWriteDeps.limits, fsChanges, clock }),
    delete: createRemoveTaskHandler({ storage, fsChanges }),
    download: createFetchTaskHandler({
      storage,
      limits: fsWriteDeps.limits,
      fetch: fetcher,
      fsChanges,
      clock,
    }),
  };

  const services = {
    apiKeys,
    auth: createAuthService({
      admins: repos.admins,
      sessions: repos.sessions,
      throttle: createLoginThrottle({
        repo: repos.loginAttempts,
        clock,
        purpose: 'admin-login',
        ...throttleLimits,
      }),
      clock,
      sessionTtlMs: deps.config.sessionTtlMs,
      credentialsChanged: (adminId) => invalidation.publish(ADMIN_CREDENTIALS_TOPIC, adminId),
    }),
    cache: createCacheService({
      caches: [pasteCache, apiKeys.cache, listingCache.managed, searchCache.managed],
      scopes: {
        // The admin any mount, even an inactive one; a key only one it can see.
        storageOfMount: async (actor, mountId) =>
          actor.kind === 'admin'
            ? (await repos.mounts.findById(mountId))?.storage_config_id
            : reachableMounts(actor, await mountTable.active()).find((m) => m.id === mountId)
                ?.storage_config_id,
        visibleStorages: async (actor) =>
          reachableMounts(actor, await mountTable.active()).map((m) => m.storage_config_id),
        storageExists: async (id) => (await repos.storageConfigs.findById(id)) !== undefined,
      },
    }),
    dashboard: createDashboardService({ repo: repos.dashboard, clock }),
    idempotency: createIdempotencyService({
      repo: repos.idempotencyKeys,
      clock,
      box: createSecretBox(deps.appSecret, 'idempotent-answers'),
      ...(deps.idempotencyWait ? { wait: deps.idempotencyWait } : {}),
    }),
    system: createSystemService(
      {
        databaseKind: deps.database.kind,
        pingDatabase: deps.database.ping,
        checkDefaultStorage: () => storage.checkDefault(),
      },
      { reuseMs: deps.healthReuseMs },
    ),
    settings,
    systemSettings: createSystemSettingsService(settings),
    pastes: createPasteService({
      repo: repos.pastes,
      clock,
      passwordThrottle: sharePasswordThrottle,
      allowGuestPastes: () => settings.get(SETTINGS.allowGuestPastes),
      publicUrl,
      cache: pasteCache,
      viewCounter: pasteViews,
    }),
    pasteManagement: createPasteManagementService({
      repo: repos.pastes,
      clock,
      cache: pasteCache,
      viewCounter: pasteViews,
    }),
    mounts: createMountService({ repo: repos.mounts, table: mountTable, storage, clock }),
    storageConfigs: createStorageConfigService({
      repo: repos.storageConfigs,
      storage,
      clock,
      invalidation,
      allowGuestUploads: () => settings.get(SETTINGS.allowGuestUploads),
    }),
    uploadPolicy,
    directUploads: createDirectUploadService(uploadDeps, pendingFiles),
    browserUploads,
    fileAccess: createFileAccessService({
      files: repos.files,
      storage,
      clock,
      tokens: createFileAccessTokens(deriveKey(deps.appSecret, 'file-access-tokens')),
      grants: createFileGrants(deriveKey(deps.appSecret, 'file-grants')),
      passwordThrottle: sharePasswordThrottle,
      linked: linkedShares,
      publicUrl,
    }),
    fileManagement: createFileManagementService({
      files: repos.files,
      storage,
      clock,
      publicUrl,
      logger,
      changes: fsChanges,
    }),
    fileSweeper: createFileSweeper({
      files: repos.files,
      storage,
      listConfigIds: async () => (await repos.storageConfigs.list()).map((c) => c.id),
      clock,
      logger,
      changes: fsChanges,
    }),
    search: createSearchService({
      repo: repos.fsIndex,
      mounts: mountTable,
      storageTypeOf: storageTypeFrom(storage),
      cache: searchCache,
    }),
    fsCrawl: createFsCrawl({
      repo: repos.fsIndex,
      mounts: repos.mounts,
      storage,
      storageConfigIds: async () => (await repos.storageConfigs.list()).map((c) => c.id),
      clock,
      logger,
      onIndexChanged: (id) => searchCache.forgetStorage(id),
    }),
    fsShare: createFsShareService({ mountTable, storage, linked: linkedShares }),
    fsArchive: createFsArchiveService({
      links: repos.archiveLinks,
      mountTable,
      storage,
      findApiKey: (id) => apiKeys.findActorById(id),
      findAdmin: (id) => repos.admins.findById(id),
      clock,
      publicUrl,
    }),
    fsRead: createFsReadService({
      mountTable,
      storage,
      cache: listingCache,
      cursors: createCursorCodec(deriveKey(deps.appSecret, 'fs-list-cursors')),
      touchMount: (id, at) => repos.mounts.touch(id, at),
      clock,
      logger,
    }),
    fsWrites: createFsWriteService(fsWriteDeps),
    fsFetch: createFsFetchService(fsWriteDeps),
    fsUploadTasks: createFsUploadTaskService({ ...fsWriteDeps, storage }),
    fsUploads: createFsUploadService({
      ...fsWriteDeps,
      tokens: createFsUploadTokens(deriveKey(deps.appSecret, 'fs-multipart-uploads')),
      spoolDir: path.join(deps.dataDir, 'tmp', 'fs-uploads'),
    }),
    tasks,
    fsCopy: createFsCopyService({
      mountTable,
      storage,
      writeTargets: fsWriteDeps.targets,
      fsChanges,
      tasks,
      clock,
    }),
    // URL upload shares the files' policy, records and presigning (one instance of each).
    urlFetch: createUrlFetchService({ policy: uploadPolicy, fetch: fetcher }),
    urlImports: createUrlImportService({
      policy: uploadPolicy,
      pending: pendingFiles,
      storage,
      fetch: fetcher,
      repo: repos.urlImports,
      clock,
      logger,
    }),
  };

  // WebDAV: one more door into the same mount space, gate, limits and announcements.
  const davLocks = createDavLocks({ repo: repos.davLocks, clock });
  // Dead properties go with their object, whoever removes it (fs API, WebDAV, tasks).
  fsChanges.subscribe((change) => removePropertiesOfRemoved(repos.davProperties, change));
  const webdav = {
    auth: createDavAuthenticator({
      session: (token) => services.auth.authenticate(token),
      apiKey: (key) => services.apiKeys.authenticate(key),
      verifyAdmin: (username, password, ip) => services.auth.verifyPassword(username, password, ip),
      rememberKey: deriveKey(deps.appSecret, 'dav-basic-credentials'),
      invalidation,
      clock,
    }),
    mountTable,
    storage,
    resources: createDavResources({ mountTable, storage }),
    targets: fsWriteDeps.targets,
    limits: fsWriteDeps.limits,
    fsChanges,
    fsRead: services.fsRead,
    properties: repos.davProperties,
    locks: davLocks,
    settings: {
      uploadMode: () => settings.get(SETTINGS.webdavUploadMode),
      ignoreSystemFiles: () => settings.get(SETTINGS.webdavIgnoreSystemFiles),
    },
    quota: (storageId: string) => uploadPolicy.quotaOf(storageId),
    clock,
    logger,
  };

  // This app's metrics (a registry per composition, never a process global).
  const davAuth = webdav.auth;
  const metrics = createServerMetrics({
    version: services.system.version().version,
    activeTasks: () => repos.tasks.countActive(),
    caches: () => [...services.cache.stats(), davAuth.lookups()],
    pool: deps.database.pool,
  });

  /** The services the housekeeping jobs call. */
  const sweeps: Required<SweepServices> = {
    pastes: services.pasteManagement,
    sessions: services.auth,
    files: services.fileSweeper,
    archiveLinks: services.fsArchive,
    davLocks,
    idempotencyKeys: services.idempotency,
    urlImports: services.urlImports,
  };

  return {
    deps,
    clock,
    logger,
    storage,
    mountTable,
    fsChanges,
    searchCache,
    services,
    webdav,
    sweeps,
    metrics,
    jobLeases: repos.jobLeases,
    /** A task runner on these services (boot starts one; tests may pass their own handlers). */
    createTaskRunner: (options: TaskRunnerOptions & { handlers?: TaskHandlers } = {}) =>
      createTaskRunner({
        repo: repos.tasks,
        handlers: taskHandlers,
        clock,
        logger,
        invalidation,
        ...options,
      }),
    /** First start: creates the administrator (see initial-admin.ts). */
    ensureInitialAdmin: (initial: Config['admin']) =>
      ensureInitialAdmin(repos.admins, initial, clock),
  };
}

export type Composition = ReturnType<typeof compose>;

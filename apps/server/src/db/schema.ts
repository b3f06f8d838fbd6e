import type { Generated } from 'kysely';

/**
 * Kysely table types. Timestamps are ISO-8601 UTC text (`2026-01-02T03:04:05.678Z`), which sorts
 * and compares correctly as text on both SQLite and PostgreSQL; booleans are integers 0/1 on
 * both so one query works everywhere (presenters convert).
 */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface StorageConfigsTable {
  id: string;
  name: string;
  /** Which driver serves it: 'local' or 's3'. */
  driver: string;
  /** The provider shown to people (Cloudflare R2, AWS S3, Local disk …). */
  provider_type: string;
  /** Driver options as JSON, validated by the driver's own schema; secrets encrypted inside. */
  options: string;
  is_default: number;
  allow_api_keys: number;
  /** Total capacity quota in bytes; null means unlimited. */
  quota_bytes: number | null;
  created_at: string;
  updated_at: string;
}

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

/** Admin sessions: only the SHA-256 of the token is kept. */
export interface SessionsTable {
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
}

/** API keys: only the SHA-256 of the key and its first characters are kept. */
export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  text_permission: number;
  file_permission: number;
  mount_permission: number;
  /** 1: the mount permission is read-only (list, get, download, link, search, archive). */
  mount_read_only: number;
  basic_path: string;
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Failed-password counters per scope: admin login 'ip:…', 'user:…'; share passwords the same
 * under 'share:'. A row's failures include attempts reserved but not yet checked.
 */
export interface LoginAttemptsTable {
  scope: string;
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/** Pastes; `views` counts content reads, `max_views` 0 means unlimited. */
export interface PastesTable {
  id: string;
  slug: string;
  slug_key: string;
  content: string;
  size_bytes: number;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A shared file; served only when `status` is 'ready'. */
export interface FilesTable {
  id: string;
  slug: string;
  slug_key: string;
  filename: string;
  size: number;
  mimetype: string;
  remark: string | null;
  password_hash: string | null;
  expires_at: string | null;
  max_views: number;
  views: number;
  /** 'proxy' (through this server) or 'direct' (short-lived presigned redirect). */
  access_mode: string;
  storage_config_id: string;
  storage_path: string;
  etag: string | null;
  /** 'pending' until the bytes are in storage, then 'ready'. */
  status: string;
  /** The storage's multipart upload id while a multipart upload is open. */
  upload_id: string | null;
  part_size: number | null;
  /** SHA-256 (hex) of the secret the upload's later steps present (see upload-secret.ts). */
  upload_secret_hash: string | null;
  /** Shared from a mount: the virtual path; the object belongs to the mount, not the share. */
  source_path: string | null;
  /** When the shared mount object was seen deleted, moved or replaced (then: 410). */
  source_removed_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Scheduled jobs: the lease that lets exactly one instance run each one. */
export interface JobLeasesTable {
  job_id: string;
  owner: string | null;
  lease_until: string | null;
  next_run_at: string;
  last_run_at: string | null;
  last_error: string | null;
}

/** A mount point: a storage config shown at `mount_path` of the virtual file system. */
export interface MountsTable {
  id: string;
  name: string;
  mount_path: string;
  /** Lower-cased mount_path: unique, so paths differing only in case cannot both exist. */
  mount_path_key: string;
  storage_config_id: string;
  remark: string | null;
  sort_order: number;
  /** Seconds a directory listing of this mount is cached (0: not cached). */
  cache_ttl: number;
  is_active: number;
  /** 1: every write into the mount is refused. */
  read_only: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  last_used: string | null;
  /** When the search crawl last finished this mount. */
  last_refresh: string | null;
}

/** A long-running task (SPEC §3/§4): leased to one instance, resumable from its items. */
export interface TasksTable {
  id: string;
  type: string;
  /** pending | running | completed | failed | cancelled | partial */
  status: string;
  created_by: string;
  /** The task type's own JSON (e.g. a copy's skipExisting). */
  payload: string;
  items_done: number;
  items_total: number;
  bytes_done: number;
  bytes_total: number;
  error: string | null;
  /** The runner instance holding the task, until lease_until. */
  lease_owner: string | null;
  lease_until: string | null;
  cancel_requested: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** One unit of a task's work (a file to copy), with its own status. */
export interface TaskItemsTable {
  task_id: string;
  seq: number;
  /** SHA-256 of source and target: one item per pair. */
  item_key: string;
  /** Virtual paths as shown to the caller. */
  source: string;
  target: string;
  /** The task type's own JSON for the item (storages and keys of a copy). */
  ref: string;
  /** pending | preparing | downloading | completed | failed | skipped */
  status: string;
  /** The item's size in bytes. */
  bytes: number;
  error: string | null;
}

/** One object or folder of a storage, as the search index knows it (migration 0010). */
export interface FsIndexTable {
  storage_config_id: string;
  /** Storage key, no trailing slash; byte-wise ordered on both engines. */
  key: string;
  /** Last segment of the key. */
  name: string;
  /** The name lower-cased: what searches match (trigram index). */
  name_fold: string;
  /** The key of the folder holding it ('' at the storage root). */
  parent_key: string;
  is_directory: number;
  size: number;
  modified: string | null;
  content_type: string | null;
  /** The crawl generation that last saw it; rows older than a finished crawl are gone. */
  seen_generation: number;
}

/** Where the background crawl of one storage is (migration 0010). */
export interface FsCrawlStateTable {
  storage_config_id: string;
  generation: number;
  /** The next page of the listing; null when no crawl is under way. */
  cursor: string | null;
  running: number;
  started_at: string | null;
  finished_at: string | null;
  requested_at: string | null;
}

/** An archive link (POST /api/fs/archive): what to pack, who asked, the secret's digest. */
/** A WebDAV write lock (migration 0015): see modules/webdav/dav-lock.repository.ts. */
export interface DavLocksTable {
  token: string;
  /** The normalised virtual path of the lock's root. */
  path: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  /** The client's owner element's content as XML ('' when none). */
  owner: string;
  /** 'admin:<id>' or 'apikey:<id>'. */
  principal: string;
  timeout_seconds: number;
  created_at: string;
  expires_at: string;
}

/** A WebDAV dead property of an object or folder (migration 0015). */
export interface DavPropertiesTable {
  storage_config_id: string;
  key: string;
  ns: string;
  name: string;
  /** The property's content as XML. */
  value: string;
}

export interface ArchiveLinksTable {
  id: string;
  token_hash: string;
  actor_kind: 'admin' | 'apikey';
  actor_id: string;
  /** JSON array of normalised virtual paths. */
  paths: string;
  name: string;
  created_at: string;
  expires_at: string;
}

/**
 * A claimed `Idempotency-Key` and, once the request ran, its answer (migration 0016): see
 * modules/idempotency/idempotency.repository.ts.
 */
export interface IdempotencyKeysTable {
  /** Whose key: 'admin:<id>', 'apikey:<id>' or 'guest'. */
  scope: string;
  key: string;
  /** SHA-256 hex of the request (method, path and query, body): http/request-fingerprint.ts. */
  fingerprint: string;
  /** The request that claimed the key; only it may settle the claim. */
  request_id: string;
  state: 'pending' | 'done';
  status_code: number | null;
  content_type: string | null;
  /** The answer's body, sealed (AES-256-GCM) since answers may carry tokens. */
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

/** The progress of one server-side URL import (migration 0017): see modules/url-import. */
export interface UrlImportsTable {
  id: string;
  file_id: string;
  /** creatorId of whoever started it; null for every guest. */
  owner: string | null;
  /** SHA-256 hex of the upload secret guests present to read the progress. */
  secret_hash: string | null;
  state: 'running' | 'completed' | 'failed' | 'cancelled';
  loaded: number;
  total: number | null;
  /** The finished file (FileDetail) as JSON, once completed. */
  file_detail: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

export interface Database {
  settings: SettingsTable;
  storage_configs: StorageConfigsTable;
  admins: AdminsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  login_attempts: LoginAttemptsTable;
  pastes: PastesTable;
  job_leases: JobLeasesTable;
  files: FilesTable;
  mounts: MountsTable;
  fs_index: FsIndexTable;
  fs_crawl_state: FsCrawlStateTable;
  tasks: TasksTable;
  task_items: TaskItemsTable;
  archive_links: ArchiveLinksTable;
  dav_locks: DavLocksTable;
  dav_properties: DavPropertiesTable;
  idempotency_keys: IdempotencyKeysTable;
  url_imports: UrlImportsTable;
}

export type { Generated };

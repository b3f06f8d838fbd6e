import type { Permission } from '../api-keys.js';

/**
 * The zod-free half of the endpoint table: for every /api route, its method, path, who may
 * call it and its error context. The full entries (`endpoints`, ./index.ts) add the schemas,
 * the error codes and the documentation; this half loads with `@pasteport/contract/plain`, so
 * a caller that needs no validation knows a route without loading zod.
 */

export type EndpointMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route (the server checks it before the route runs). */
export type EndpointAccess =
  'public' | 'authenticated' | 'admin' | { readonly permission: Permission };

/**
 * What a request is for, as far as SPEC §8's 401 rules care: share-password checks never log
 * out, change-password has its own message, and file/upload calls show the server's reason.
 */
export type ErrorContext = 'default' | 'password-verification' | 'change-password' | 'file';

export interface RouteInfo {
  readonly method: EndpointMethod;
  /** True when the route also answers HEAD with the same handler (content downloads). */
  readonly head?: true;
  /** Fastify style: `/api/paste/:slug`. */
  readonly path: string;
  readonly access: EndpointAccess;
  readonly context: ErrorContext;
}

const TEXT = { permission: 'text' } as const;
const FILE = { permission: 'file' } as const;
/** The mount permission (read-only or read-write: writes check the level themselves). */
const MOUNT = { permission: 'mount' } as const;

function get(path: string, access: EndpointAccess, context: ErrorContext = 'default') {
  return { method: 'GET', path, access, context } as const;
}
function head(path: string, access: EndpointAccess, context: ErrorContext = 'default') {
  return { method: 'HEAD', path, access, context } as const;
}
function post(path: string, access: EndpointAccess, context: ErrorContext = 'default') {
  return { method: 'POST', path, access, context } as const;
}
function put(path: string, access: EndpointAccess, context: ErrorContext = 'default') {
  return { method: 'PUT', path, access, context } as const;
}
function del(path: string, access: EndpointAccess, context: ErrorContext = 'default') {
  return { method: 'DELETE', path, access, context } as const;
}
/** GET that also answers HEAD (content). */
function content(path: string, access: EndpointAccess = 'public') {
  return { ...get(path, access), head: true } as const;
}

export const ROUTES = {
  // System
  health: get('/api/health', 'public'),
  version: get('/api/version', 'public'),
  openApiDocument: get('/api/openapi.json', 'public'),
  apiDocsPage: get('/api/docs', 'public'),
  apiDocsAsset: get('/api/docs/:asset', 'public'),
  getSystemSettings: get('/api/admin/system-settings', 'admin'),
  updateSystemSettings: put('/api/admin/system-settings', 'admin'),
  maxUploadSize: get('/api/system/max-upload-size', 'public'),
  guestAccess: get('/api/system/guest-access', 'public'),
  dashboardStats: get('/api/admin/dashboard/stats', 'admin'),
  cacheStats: get('/api/admin/cache/stats', 'admin'),
  clearAdminCache: post('/api/admin/cache/clear', 'admin'),
  clearUserCache: post('/api/user/cache/clear', 'authenticated'),

  // Auth and API keys
  login: post('/api/admin/login', 'public'),
  logout: post('/api/admin/logout', 'admin'),
  adminTokenInfo: get('/api/test/admin-token', 'admin'),
  changePassword: post('/api/admin/change-password', 'admin', 'change-password'),
  apiKeyInfo: get('/api/test/api-key', 'authenticated'),
  listApiKeys: get('/api/admin/api-keys', 'admin'),
  createApiKey: post('/api/admin/api-keys', 'admin'),
  updateApiKey: put('/api/admin/api-keys/:id', 'admin'),
  deleteApiKey: del('/api/admin/api-keys/:id', 'admin'),

  // Pastes
  createPaste: post('/api/paste', 'public'),
  openPaste: get('/api/paste/:slug', 'public'),
  unlockPaste: post('/api/paste/:slug', 'public', 'password-verification'),
  rawPaste: get('/api/raw/:slug', 'public'),
  rawPasteHead: head('/api/raw/:slug', 'public'),
  listAdminPastes: get('/api/admin/pastes', 'admin'),
  getAdminPaste: get('/api/admin/pastes/:id', 'admin'),
  updateAdminPaste: put('/api/admin/pastes/:id', 'admin'),
  deleteAdminPaste: del('/api/admin/pastes/:id', 'admin'),
  batchDeleteAdminPastes: post('/api/admin/pastes/batch-delete', 'admin'),
  clearExpiredPastes: post('/api/admin/pastes/clear-expired', 'admin'),
  listUserPastes: get('/api/user/pastes', TEXT),
  getUserPaste: get('/api/user/pastes/:id', TEXT),
  updateUserPaste: put('/api/user/pastes/:id', TEXT),
  deleteUserPaste: del('/api/user/pastes/:id', TEXT),
  batchDeleteUserPastes: post('/api/user/pastes/batch-delete', TEXT),

  // File management
  listAdminFiles: get('/api/admin/files', 'admin', 'file'),
  getAdminFile: get('/api/admin/files/:id', 'admin', 'file'),
  updateAdminFile: put('/api/admin/files/:id', 'admin', 'file'),
  deleteAdminFile: del('/api/admin/files/:id', 'admin', 'file'),
  batchDeleteAdminFiles: del('/api/admin/files/batch-delete', 'admin', 'file'),
  listUserFiles: get('/api/user/files', FILE, 'file'),
  getUserFile: get('/api/user/files/:id', FILE, 'file'),
  updateUserFile: put('/api/user/files/:id', FILE, 'file'),
  deleteUserFile: del('/api/user/files/:id', FILE, 'file'),
  batchDeleteUserFiles: del('/api/user/files/batch-delete', FILE, 'file'),

  // File shares
  fileInfo: get('/api/public/files/:slug', 'public', 'file'),
  verifyFile: post('/api/public/files/:slug/verify', 'public', 'password-verification'),
  downloadFile: content('/api/file-download/:slug'),
  viewFile: content('/api/file-view/:slug'),
  officePreview: get('/api/office-preview/:slug', 'public'),
  officeFile: content('/api/office-file/:slug'),

  // Uploads
  uploadForm: post('/api/upload', 'public', 'file'),
  presignUpload: post('/api/s3/presign', 'public', 'file'),
  commitUpload: post('/api/s3/commit', 'public', 'file'),
  initMultipart: post('/api/upload/multipart/init', 'public', 'file'),
  uploadPart: post('/api/upload/multipart/part', 'public', 'file'),
  multipartParts: get('/api/upload/multipart/parts', 'public', 'file'),
  completeMultipart: post('/api/upload/multipart/complete', 'public', 'file'),
  abortMultipart: post('/api/upload/multipart/abort', 'public', 'file'),
  uploadStorageConfigs: get('/api/upload/storage-configs', 'public', 'file'),

  // URL upload
  urlInfo: post('/api/url/info', 'public', 'file'),
  urlProxy: get('/api/url/proxy', FILE, 'file'),
  urlPresign: post('/api/url/presign', 'public', 'file'),
  urlCommit: post('/api/url/commit', 'public', 'file'),
  urlMultipartInit: post('/api/url/multipart/init', 'public', 'file'),
  urlMultipartComplete: post('/api/url/multipart/complete', 'public', 'file'),
  urlMultipartAbort: post('/api/url/multipart/abort', 'public', 'file'),
  urlCancel: post('/api/url/cancel', 'public', 'file'),
  urlImport: post('/api/url/import', 'public', 'file'),
  urlImportProgress: get('/api/url/import/:task_id', 'public', 'file'),

  // File system: reads
  fsList: get('/api/fs/list', MOUNT),
  fsGet: get('/api/fs/get', MOUNT),
  fsDownload: content('/api/fs/download', MOUNT),
  fsFileLink: get('/api/fs/file-link', MOUNT),
  fsSearch: get('/api/fs/search', MOUNT),

  // File system: share an object of a mount, and which objects are shared
  shareFromMount: post('/api/fs/share', MOUNT, 'file'),
  /** Which files and folders are shared (counts only), to warn before deleting them. */
  sharedPaths: post('/api/fs/shared', MOUNT),

  // File system: archives (the link's token is its credential)
  createArchive: post('/api/fs/archive', MOUNT),
  downloadArchive: get('/api/fs/archive/:id', 'public'),

  // File system: copy
  batchCopy: post('/api/fs/batch-copy', MOUNT),
  batchCopyCommit: post('/api/fs/batch-copy-commit', MOUNT),

  // Tasks
  listTasks: get('/api/tasks', MOUNT),
  getTask: get('/api/tasks/:id', MOUNT),
  cancelTask: post('/api/tasks/:id/cancel', MOUNT),
  retryTask: post('/api/tasks/:id/retry', MOUNT),
  clearTasks: del('/api/tasks', MOUNT),

  // File system: writes
  fsMkdir: post('/api/fs/mkdir', MOUNT),
  fsUpload: post('/api/fs/upload', MOUNT, 'file'),
  fsUpdate: post('/api/fs/update', MOUNT),
  fsRename: post('/api/fs/rename', MOUNT),
  fsBatchRemove: del('/api/fs/batch-remove', MOUNT),
  fsFetch: post('/api/fs/fetch', MOUNT, 'file'),
  createUploadTask: post('/api/fs/upload-tasks', MOUNT, 'file'),
  reportUploadTaskItem: post('/api/fs/upload-tasks/:id/items/:seq', MOUNT, 'file'),
  fsPresign: post('/api/fs/presign', MOUNT, 'file'),
  fsPresignCommit: post('/api/fs/presign/commit', MOUNT, 'file'),
  fsMultipartInit: post('/api/fs/multipart/init', MOUNT, 'file'),
  fsMultipartComplete: post('/api/fs/multipart/complete', MOUNT, 'file'),
  fsMultipartParts: post('/api/fs/multipart/parts', MOUNT, 'file'),
  fsMultipartAbort: post('/api/fs/multipart/abort', MOUNT, 'file'),

  // Storage configs
  listStorageConfigs: get('/api/s3-configs', 'admin'),
  createStorageConfig: post('/api/s3-configs', 'admin'),
  getStorageConfig: get('/api/s3-configs/:id', 'admin'),
  updateStorageConfig: put('/api/s3-configs/:id', 'admin'),
  deleteStorageConfig: del('/api/s3-configs/:id', 'admin'),
  setDefaultStorageConfig: put('/api/s3-configs/:id/set-default', 'admin'),
  testStorageConfig: post('/api/s3-configs/:id/test', 'admin'),

  // Mounts
  listMounts: get('/api/admin/mounts', 'admin'),
  createMount: post('/api/admin/mounts', 'admin'),
  getMount: get('/api/admin/mounts/:id', 'admin'),
  updateMount: put('/api/admin/mounts/:id', 'admin'),
  deleteMount: del('/api/admin/mounts/:id', 'admin'),
  listUserMounts: get('/api/user/mounts', MOUNT),
  getUserMount: get('/api/user/mounts/:id', MOUNT),
  refreshMountIndex: post('/api/admin/mounts/:id/refresh-index', 'admin'),

  // Local storage's signed URLs (stand-ins for S3's; the signed token is the credential)
  localPutObject: put('/api/storage/local/object', 'public'),
  localGetObject: content('/api/storage/local/object'),
  localPutPart: put('/api/storage/local/part', 'public'),
} as const satisfies Record<string, RouteInfo>;

export type EndpointName = keyof typeof ROUTES;

/** A route's path in OpenAPI style: `/api/paste/:slug` → `/api/paste/{slug}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The URL of a route with its path parameters filled in (each one URL-encoded). */
export function routeUrl(route: Pick<RouteInfo, 'path'>, params: Record<string, string> = {}) {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

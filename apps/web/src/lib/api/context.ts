/**
 * What a request is for, as far as SPEC §8's 401 rules care: share-password checks never log
 * out, change-password has its own message, and file/upload paths show the server's reason.
 */
export type RequestContext = 'default' | 'password-verification' | 'change-password' | 'file';

const FILE_PATH_PREFIXES = [
  '/upload',
  '/s3/',
  '/url/',
  '/admin/files',
  '/user/files',
  '/public/files',
  '/fs/upload',
  '/fs/presign',
  '/fs/multipart',
];

/** Infers the context of a call from its method and API path (without the /api prefix). */
export function inferContext(method: string, path: string): RequestContext {
  const clean = `/${path.split('?')[0] ?? ''}`.replace(/\/{2,}/g, '/');
  const upper = method.toUpperCase();
  if (upper === 'POST' && /^\/paste\/[^/]+\/?$/.test(clean)) return 'password-verification';
  if (upper === 'POST' && /^\/public\/files\/[^/]+\/verify\/?$/.test(clean)) {
    return 'password-verification';
  }
  if (clean.startsWith('/admin/change-password')) return 'change-password';
  if (FILE_PATH_PREFIXES.some((prefix) => clean.startsWith(prefix))) return 'file';
  return 'default';
}

import { AppError } from '../../../lib/app-error.js';

/** Node's system errors carry errno names in `code` and the failed call in `syscall`. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** True for the errno names that mean "nothing at that path". */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Maps a filesystem failure on `key` to the domain error. File-versus-directory clashes
 * ('a' written while 'a/b' exists) are CONFLICT: S3 allows both, a directory tree cannot.
 */
export function mapFsError(error: unknown, key: string): unknown {
  if (!isFsError(error)) return error;
  switch (error.code) {
    case 'ENOENT':
      return new AppError('NOT_FOUND', `object not found: ${key}`, { cause: error });
    case 'EISDIR':
    case 'ENOTDIR':
    case 'EEXIST':
    case 'ENOTEMPTY':
      return new AppError('CONFLICT', `a file and a folder would share the name: ${key}`, {
        cause: error,
      });
    case 'ENOSPC':
    case 'EDQUOT':
      return new AppError('INSUFFICIENT_STORAGE', 'local storage is full', { cause: error });
    case 'ENAMETOOLONG':
      return new AppError('VALIDATION_FAILED', 'storage key is too long for this disk', {
        cause: error,
        details: [{ field: 'key', rule: 'max_bytes', message: 'too long for this disk' }],
      });
    default:
      return new AppError('UPSTREAM_FAILED', `local storage failed (${error.code ?? 'error'})`, {
        cause: error,
      });
  }
}

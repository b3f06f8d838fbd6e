import { AppError } from '../lib/app-error.js';

/** Longest path and segment accepted anywhere a virtual path is named (fs, WebDAV, basic paths). */
export const MAX_PATH_LENGTH = 4096;
export const MAX_SEGMENT_BYTES = 255;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The one normalisation of virtual paths: absolute, '/'-separated, repeated and trailing
 * slashes collapsed. Refuses `.`/`..` segments, NUL and control characters, backslashes and
 * over-long names with VALIDATION_FAILED, so no caller ever has to re-check traversal.
 */
export function normalizePath(input: string, field = 'path'): string {
  const refuse = (message: string): never => {
    throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
      details: [{ field, rule: 'path', message }],
    });
  };
  if (input.length > MAX_PATH_LENGTH) refuse(`must be at most ${MAX_PATH_LENGTH} characters`);
  if (!input.startsWith('/')) refuse('must start with /');
  if (CONTROL.test(input)) refuse('must not contain control characters');
  if (input.includes('\\')) refuse('must not contain backslashes');
  const segments = input.split('/').filter((s) => s !== '');
  for (const segment of segments) {
    if (segment === '.' || segment === '..') refuse('must not contain . or .. segments');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) {
      refuse(`each name must be at most ${MAX_SEGMENT_BYTES} bytes`);
    }
  }
  return '/' + segments.join('/');
}

/**
 * Whether `path` is `base` or lies beneath it, compared segment by segment on normalised
 * paths: `/docs` contains `/docs/a` but not `/docs-private`; `/` contains everything.
 */
export function isWithinPath(base: string, path: string): boolean {
  const b = normalizePath(base, 'basic_path');
  const p = normalizePath(path);
  if (b === '/') return true;
  return p === b || p.startsWith(b + '/');
}

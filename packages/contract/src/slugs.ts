import { SLUG_MAX_LENGTH } from './constants.js';

/** Letters, digits, `-` and `_` (SPEC §5). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Words a custom slug may not be (compared case-insensitively): every top-level route and API
 * word, so a share link can never shadow a page or an endpoint.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'assets',
  'dav',
  'webdav',
  'file',
  'files',
  'fs',
  'health',
  'mount',
  'mounts',
  'mount-explorer',
  'paste',
  'pastes',
  'public',
  'raw',
  's3',
  'share',
  'static',
  'system',
  'test',
  'upload',
  'url',
  'user',
  'version',
  'index',
  'manifest',
  'favicon',
  'sw',
  'workbox',
  'robots',
]);

export type SlugProblem = 'empty' | 'too_long' | 'characters' | 'reserved';

/** Why a custom slug is not acceptable, or null when it is. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length === 0) return 'empty';
  if (slug.length > SLUG_MAX_LENGTH) return 'too_long';
  if (!SLUG_PATTERN.test(slug)) return 'characters';
  if (RESERVED_SLUGS.has(slug.toLowerCase())) return 'reserved';
  return null;
}

export const SLUG_PROBLEM_MESSAGES: Record<SlugProblem, string> = {
  empty: 'must not be empty',
  too_long: `must be at most ${SLUG_MAX_LENGTH} characters`,
  characters: 'letters, digits, - and _ only',
  reserved: 'is a reserved word',
};

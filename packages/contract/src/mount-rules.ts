/**
 * The zod-free rules of mount points (SPEC §3 Mount point, §5 mount rules, §9): limits, the
 * reserved paths and the mount path rule, shared by the server's validation and the web's
 * mount form.
 */
import { CACHE_TTL_DEFAULT_S, CACHE_TTL_MAX_S } from './constants.js';
import { segmentProblem } from './paths.js';

/** Longest mount path, in characters (code points). */
export const MOUNT_PATH_MAX = 100;
/** Seconds a directory listing of a mount is cached unless the admin says otherwise. */
export const MOUNT_CACHE_TTL_DEFAULT = CACHE_TTL_DEFAULT_S;
export const MOUNT_CACHE_TTL_MAX = CACHE_TTL_MAX_S;
export const MOUNT_REMARK_MAX = 500;

/**
 * Paths no mount may take, nor lie under (compared case-insensitively): what this app serves
 * at its root (API, WebDAV, the web app's pages, its static files and PWA files), the page
 * names kept for later pages, and the system folders CloudPaste reserves. Files with a dot
 * (`/sw.js`) are listed for completeness; the character rule already refuses them. `/public`
 * is not reserved: public file routes live under /api/public, and a mount named /public is a
 * common wish.
 */
export const RESERVED_MOUNT_PATHS = [
  // This server
  '/api',
  '/dav',
  '/webdav',
  '/assets',
  // The web app's pages (SPEC §2) and those CloudPaste clients know
  '/admin',
  '/paste',
  '/file',
  '/upload',
  '/mount-explorer',
  '/raw',
  '/s',
  '/share',
  '/login',
  '/settings',
  // Static files at the root of the web build, and the PWA's
  '/index.html',
  '/config.js',
  '/color-scheme.js',
  '/favicon.svg',
  '/favicon.ico',
  '/robots.txt',
  '/sw.js',
  '/registerSW.js',
  '/manifest.webmanifest',
  '/icons',
  // CloudPaste's system folders
  '/bin',
  '/etc',
  '/lib',
  '/root',
  '/sys',
  '/proc',
  '/dev',
] as const;

/** Why a mount path is refused (the `rule` of its 400's `details`). */
export type MountPathProblem =
  | 'required'
  | 'relative'
  | 'root'
  | 'too_long'
  | 'empty_segment'
  | 'trailing_slash'
  | 'dot_segment'
  | 'characters'
  | 'segment_too_long'
  | 'reserved';

/** What each problem tells the person who sent the path. */
export const MOUNT_PATH_PROBLEM_MESSAGES: Readonly<Record<MountPathProblem, string>> = {
  required: 'the mount path is required',
  relative: 'must start with /',
  root: 'must name a folder below / (such as /docs)',
  too_long: `must be at most ${MOUNT_PATH_MAX} characters`,
  empty_segment: 'must not contain //',
  trailing_slash: 'must not end with /',
  dot_segment: 'must not contain . or .. segments',
  characters: 'may contain only letters, digits, _, - and /',
  segment_too_long: 'each name must be at most 255 bytes',
  reserved: 'is reserved by the system; choose another path',
};

// A name of a mount path: any Unicode letter (Chinese included) or digit, `_` and `-`.
const MOUNT_SEGMENT = /^[\p{L}\p{N}_-]+$/u;

/** The lower-cased form mount paths are compared in (uniqueness, reserved paths). */
export function mountPathKey(path: string): string {
  return path.toLowerCase();
}

const codePoints = (text: string) => [...text].length;

/** The reserved path `path` is or lies under, if any (case-insensitively). */
export function reservedMountPath(path: string): string | undefined {
  const key = mountPathKey(path);
  return RESERVED_MOUNT_PATHS.find((reserved) => {
    const r = reserved.toLowerCase();
    return key === r || key.startsWith(`${r}/`);
  });
}

/**
 * The first problem of a mount path (SPEC §5), or undefined when it is fine. The path is taken
 * as sent (callers NFC-normalise it first): nothing is trimmed, collapsed or resolved, so what
 * is stored is exactly what was checked.
 */
export function mountPathProblem(path: string): MountPathProblem | undefined {
  if (path === '') return 'required';
  if (!path.startsWith('/')) return 'relative';
  if (path === '/') return 'root';
  // Both forms are stored (the lower-cased one for uniqueness) and must fit.
  if (codePoints(path) > MOUNT_PATH_MAX || codePoints(mountPathKey(path)) > MOUNT_PATH_MAX) {
    return 'too_long';
  }
  if (path.endsWith('/')) return 'trailing_slash';
  const segments = path.slice(1).split('/');
  if (segments.includes('')) return 'empty_segment';
  if (segments.some((s) => s === '.' || s === '..')) return 'dot_segment';
  if (!segments.every((s) => MOUNT_SEGMENT.test(s))) return 'characters';
  // The one path rule's limits too, so every path below the mount is a valid virtual path.
  if (segments.some((s) => segmentProblem(s) !== undefined)) return 'segment_too_long';
  if (reservedMountPath(path)) return 'reserved';
  return undefined;
}

/**
 * What a mount's storage is, in CloudPaste's words (`storage_type`): S3 for every S3-compatible
 * provider, LOCAL for local disk.
 */
export const MOUNT_STORAGE_TYPES = ['S3', 'LOCAL'] as const;
export type MountStorageType = (typeof MOUNT_STORAGE_TYPES)[number];

/** The storage type of a storage config's driver. */
export function mountStorageTypeOf(driver: 'local' | 's3'): MountStorageType {
  return driver === 'local' ? 'LOCAL' : 'S3';
}

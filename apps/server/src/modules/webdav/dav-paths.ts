import { AppError } from '../../lib/app-error.js';
import { normalizePath } from '../../vfs/path.js';
import { DavError } from './dav-error.js';

/** Where WebDAV is served. */
export const DAV_PREFIX = '/dav';

/** A request URL as WebDAV sees it: the normalised virtual path it names. */
export interface DavTarget {
  path: string;
  /** The URL ended in '/' (a client that knows it names a collection). */
  trailingSlash: boolean;
}

/**
 * The virtual path a `/dav…` URL path names: each segment percent-decoded once as UTF-8
 * (`%2F` is a name character, never a separator, so it is refused), then the one path rule
 * (`normalizePath`: NFC, `.`/`..`, control characters … refused, never resolved). The query
 * is not part of the name; a raw fragment is refused.
 */
export function davTargetOf(rawUrl: string): DavTarget {
  // A fragment never travels in a request: a raw '#' is a client's mistake, and guessing which
  // resource it meant (`frag/#ment` → `frag/`?) could delete the wrong one.
  if (rawUrl.includes('#')) throw new DavError(400, 'a URL fragment (#) is not part of a request');
  const end = rawUrl.indexOf('?');
  const urlPath = end === -1 ? rawUrl : rawUrl.slice(0, end);
  if (urlPath !== DAV_PREFIX && !urlPath.startsWith(`${DAV_PREFIX}/`)) {
    throw new DavError(404, 'WebDAV lives under /dav');
  }
  const rest = urlPath.slice(DAV_PREFIX.length);
  const segments: string[] = [];
  for (const encoded of rest.split('/')) {
    if (encoded === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      throw new DavError(400, `the URL segment ${encoded} is not percent-encoded UTF-8`);
    }
    if (name.includes('/')) throw new DavError(400, 'a name cannot hold an encoded slash');
    segments.push(name);
  }
  let path: string;
  try {
    path = normalizePath(`/${segments.join('/')}`, 'path');
  } catch (err) {
    if (err instanceof AppError) throw new DavError(400, err.message);
    throw err;
  }
  return { path, trailingSlash: rest.length > 1 && rest.endsWith('/') };
}

/** The href of a virtual path: every name percent-encoded, collections ending in '/'. */
export function hrefOf(path: string, collection: boolean): string {
  if (path === '/') return `${DAV_PREFIX}/`;
  const encoded = path
    .split('/')
    .map((name) => encodeURIComponent(name))
    .join('/');
  return `${DAV_PREFIX}${encoded}${collection ? '/' : ''}`;
}

const ABSOLUTE_URL = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;

/**
 * The target of a `Destination` header (COPY, MOVE) or a tagged `If` list: an absolute URL on
 * this server or an absolute path, under /dav, through the same path rule as the request URL.
 * Dot segments are refused here too — `new URL()` would resolve them, so it is not used.
 * Another host is 502 (RFC 4918 §9.8.5: the destination is on another server).
 */
export function davTargetOfReference(reference: string, requestHost: string): DavTarget {
  const value = reference.trim();
  const absolute = ABSOLUTE_URL.exec(value);
  if (absolute) {
    const authority = absolute[2]!.replace(/^[^@]*@/, '');
    if (authority.toLowerCase() !== requestHost.toLowerCase()) {
      throw new DavError(502, `the destination ${authority} is another server`);
    }
    return davTargetOf(value.slice(absolute[0].length) || '/');
  }
  if (!value.startsWith('/'))
    throw new DavError(400, 'the destination is not an absolute URL or path');
  return davTargetOf(value);
}

/** The parent of a normalised path (`/` for a top-level name). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at <= 0 ? '/' : path.slice(0, at);
}

/** The last name of a normalised path ('' for `/`). */
export function nameOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Which requests the service worker's routes take. Plain functions over URLs, so they are
 * unit-tested without a worker.
 */

/** Page navigations the app shell must not answer: the server's own pages and the API. */
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /^\/dav(?:\/|$)/, /^\/share-target(?:\/|$)/];

/** A hashed build file of this origin (cached on first use: its name changes with its bytes). */
export function isAssetRequest(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}

/** This origin's config.js (where the API is), which a static host may edit in place. */
export function isConfigRequest(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === '/config.js';
}

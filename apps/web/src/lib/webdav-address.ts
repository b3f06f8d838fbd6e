import { apiBaseUrl, serverRootUrl } from './api/host';

/** The path the server answers WebDAV under, beside `/api`. */
export const WEBDAV_PATH = '/dav';

/**
 * The WebDAV root (ending in `/`) of the server behind an API base: the base's trailing `/api`
 * becomes `/dav`, so a server behind a path prefix keeps its prefix; any other base means
 * `/dav` on its origin. A same-origin base (`/api`) is on this page's origin.
 */
export function webDavRoot(
  base: string = apiBaseUrl(),
  pageOrigin: string = window.location.origin,
): string {
  return `${serverRootUrl(base, pageOrigin)}${WEBDAV_PATH}/`;
}

/**
 * The WebDAV address of a folder of the virtual path space (`/docs/a b` →
 * `https://host/dav/docs/a%20b/`): each name percent-encoded on its own, so `#`, `?`, `%`, `+`,
 * spaces and any Unicode come back unchanged when a client decodes the path.
 */
export function webDavAddress(path: string, base?: string, pageOrigin?: string): string {
  const names = path.split('/').filter((name) => name !== '');
  return (
    webDavRoot(base, pageOrigin) + names.map((name) => `${encodeURIComponent(name)}/`).join('')
  );
}

/** The address as GNOME Files (GVfs) takes it: `davs://` for https, `dav://` for http. */
export function gvfsAddress(address: string): string {
  return address.replace(/^https:/, 'davs:').replace(/^http:/, 'dav:');
}

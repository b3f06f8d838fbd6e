import { isWithinPath, pathSegments } from '@pasteport/contract/plain';
import { mountExplorerUrl } from '../../lib/auth';

/** Where the mount explorer is: the directory path and the file named for preview, if any. */
export interface MountLocation {
  path: string;
  preview: string | undefined;
}

/**
 * Reads /mount-explorer/{path...}?preview=… (SPEC §2) into an absolute path and a preview. The
 * router hands the splat over decoded; empty segments are dropped.
 */
export function mountLocation(splat: string | undefined, search: URLSearchParams): MountLocation {
  const segments = (splat ?? '').split('/').filter((segment) => segment.length > 0);
  const preview = search.get('preview') ?? undefined;
  return { path: `/${segments.join('/')}`, preview: preview === '' ? undefined : preview };
}

/**
 * The explorer URL of a folder (and a file of it to preview): each name percent-encoded, so a
 * name with `#`, `?`, `%` or a space survives the address bar. A path the server would refuse
 * (`.`/`..`, control characters) links to the root instead.
 */
export function explorerHref(path: string, preview?: string): string {
  const base = mountExplorerUrl(path);
  return preview ? `${base}?preview=${encodeURIComponent(preview)}` : base;
}

/** The path a child entry of `folder` has. */
export function childPath(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** The folder holding `path` ('/' for the root itself). */
export function parentPath(path: string): string {
  const segments = pathSegments(path);
  return segments.length <= 1 ? '/' : `/${segments.slice(0, -1).join('/')}`;
}

/** One step of the breadcrumbs: a name, its path and whether the caller may go there. */
export interface Crumb {
  name: string;
  path: string;
  reachable: boolean;
}

/**
 * The breadcrumbs of a folder, from the root. Folders above an API key's basic path are shown
 * (they are the way down to it) but not offered as places to go (SPEC §5 route guard).
 */
export function crumbsOf(path: string, basicPath = '/'): Crumb[] {
  const crumbs: Crumb[] = [{ name: '', path: '/', reachable: isWithinPath(basicPath, '/') }];
  let current = '';
  for (const segment of pathSegments(path)) {
    current = `${current}/${segment}`;
    crumbs.push({ name: segment, path: current, reachable: isWithinPath(basicPath, current) });
  }
  return crumbs;
}

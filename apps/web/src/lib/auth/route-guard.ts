import { checkPath, isWithinPath, pathSegments } from '@pasteport/contract/plain';
import { hasAnyPermission, type AuthSession } from './session';

/** Notices the guard may show when it turns someone away. */
export type GuardNotice = 'apiKeyNoPermission';

/** What the route guard does with a navigation. */
export type GuardDecision =
  { action: 'allow' } | { action: 'redirect'; to: string; notice?: GuardNotice };

const ADMIN_ROOT = '/admin';
const MOUNT_ROOT = '/mount-explorer';

function under(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

/** Whether a route needs a signed-in identity, so the session is re-validated on the way in. */
export function routeNeedsAuth(pathname: string): boolean {
  return under(pathname, ADMIN_ROOT) || under(pathname, MOUNT_ROOT);
}

/**
 * The mount explorer URL of a directory, e.g. /docs → /mount-explorer/docs, / → /mount-explorer;
 * each name percent-encoded (a `#` or `?` in a name must not end the path).
 */
export function mountExplorerUrl(path: string): string {
  // The server refuses a path with `.`/`..` or control characters: so does the link to it.
  const checked = checkPath(path);
  const segments = checked.ok ? pathSegments(checked.path) : [];
  return segments.length === 0
    ? MOUNT_ROOT
    : `${MOUNT_ROOT}/${segments.map(encodeURIComponent).join('/')}`;
}

/** The folder path a mount explorer pathname names (its names percent-decoded). */
function explorerPathOf(pathname: string): string {
  const names = pathname.slice(MOUNT_ROOT.length).split('/').filter(Boolean);
  return `/${names.map(decodeName).join('/')}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * SPEC §5 route guard. Signed-out users continue to the admin area (it shows the login); an
 * API key with none of text, file or mount goes Home; a mount key outside its basic path is
 * sent to the mount explorer at that path. Admins go anywhere.
 */
export function decideRoute(session: AuthSession, pathname: string): GuardDecision {
  if (session.type !== 'apikey' || !routeNeedsAuth(pathname)) return { action: 'allow' };
  if (!hasAnyPermission(session.permissions)) {
    return { action: 'redirect', to: '/', notice: 'apiKeyNoPermission' };
  }
  if (session.permissions.mount && under(pathname, MOUNT_ROOT)) {
    const target = explorerPathOf(pathname);
    const basicPath = session.info.basic_path;
    if (!isWithinPath(basicPath, target))
      return { action: 'redirect', to: mountExplorerUrl(basicPath) };
  }
  return { action: 'allow' };
}

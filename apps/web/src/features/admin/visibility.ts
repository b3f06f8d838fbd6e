import type { Permission } from '@pasteport/contract';
import type { AuthSession } from '../../lib/auth';
import { ADMIN_MODULES, DEFAULT_ADMIN_MODULE, isAdminModule, type AdminModule } from './modules';

/**
 * The modules an API key may open and the permission each needs. Everything else (dashboard,
 * storage-config, mount-management, key-management, settings) is admin-only: those call admin
 * endpoints a key is refused (SPEC §6), and mount management is never a key's to do.
 */
export const KEY_MODULE_PERMISSIONS: Partial<Record<AdminModule, Permission>> = {
  'text-management': 'text',
  'file-management': 'file',
};

/** The modules the side navigation offers this identity, in navigation order. */
export function visibleModules(session: AuthSession): AdminModule[] {
  if (session.type === 'admin') return [...ADMIN_MODULES];
  if (session.type === 'none') return [];
  return ADMIN_MODULES.filter((module) => {
    const permission = KEY_MODULE_PERMISSIONS[module];
    return permission !== undefined && session.permissions[permission];
  });
}

/** What /admin/{module} shows: a module, a redirect, or the "nothing to manage" state. */
export type ModuleResolution =
  { kind: 'show'; module: AdminModule } | { kind: 'redirect'; to: string } | { kind: 'nothing' };

/**
 * Resolves the :module parameter for an identity. Unknown modules go to /admin; a module this
 * identity may not open (and bare /admin without the dashboard) goes to its first allowed one.
 */
export function resolveAdminModule(
  param: string | undefined,
  visible: readonly AdminModule[],
): ModuleResolution {
  if (param !== undefined && !isAdminModule(param)) return { kind: 'redirect', to: '/admin' };
  const wanted = param ?? DEFAULT_ADMIN_MODULE;
  if (visible.includes(wanted)) return { kind: 'show', module: wanted };
  const first = visible[0];
  if (first) return { kind: 'redirect', to: `/admin/${first}` };
  return param === undefined ? { kind: 'nothing' } : { kind: 'redirect', to: '/admin' };
}

import {
  IconDashboard,
  IconFileText,
  IconFiles,
  IconDatabase,
  IconFolders,
  IconKey,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';

/** The admin modules of SPEC §2, in navigation order; the first is the default. */
export const ADMIN_MODULES = [
  'dashboard',
  'text-management',
  'file-management',
  'storage-config',
  'mount-management',
  'key-management',
  'settings',
] as const;

/** One admin module, as it appears in /admin/{module}. */
export type AdminModule = (typeof ADMIN_MODULES)[number];

/** /admin without a module shows this one (SPEC §2). */
export const DEFAULT_ADMIN_MODULE: AdminModule = 'dashboard';

/** Icons for the side navigation. */
export const ADMIN_MODULE_ICONS: Record<AdminModule, Icon> = {
  dashboard: IconDashboard,
  'text-management': IconFileText,
  'file-management': IconFiles,
  'storage-config': IconDatabase,
  'mount-management': IconFolders,
  'key-management': IconKey,
  settings: IconSettings,
};

/** Type guard for the :module route parameter. */
export function isAdminModule(value: string | undefined): value is AdminModule {
  return value !== undefined && (ADMIN_MODULES as readonly string[]).includes(value);
}

import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader';
import type { AdminModule } from '../modules';

// Each module is a chunk of its own: the dashboard, where the panel opens, does not download
// the code of the six others, and a module's code comes the first time it is opened.
const DashboardModule = lazy(() =>
  import('../../dashboard').then((m) => ({ default: m.DashboardModule })),
);
const KeyManagementModule = lazy(() =>
  import('../../key-management').then((m) => ({ default: m.KeyManagementModule })),
);
const TextManagementModule = lazy(() =>
  import('../../text-management').then((m) => ({ default: m.TextManagementModule })),
);
const FileManagementModule = lazy(() =>
  import('../../file-management').then((m) => ({ default: m.FileManagementModule })),
);
const StorageConfigModule = lazy(() =>
  import('../../storage-config').then((m) => ({ default: m.StorageConfigModule })),
);
const MountManagementModule = lazy(() =>
  import('../../mount-management').then((m) => ({ default: m.MountManagementModule })),
);
const SettingsModule = lazy(() =>
  import('../../settings').then((m) => ({ default: m.SettingsModule })),
);

const MODULES = {
  dashboard: DashboardModule,
  'key-management': KeyManagementModule,
  'text-management': TextManagementModule,
  'file-management': FileManagementModule,
  'storage-config': StorageConfigModule,
  'mount-management': MountManagementModule,
  settings: SettingsModule,
} satisfies Record<AdminModule, unknown>;

/** The body of one admin module, its code loaded on first use. */
export function ModuleContent({ module }: { module: AdminModule }) {
  const Module = MODULES[module];
  return (
    <Suspense fallback={<PageLoader />}>
      <Module />
    </Suspense>
  );
}

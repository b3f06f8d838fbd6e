import { DashboardModule } from '../../dashboard';
import { FileManagementModule } from '../../file-management';
import { KeyManagementModule } from '../../key-management';
import { MountManagementModule } from '../../mount-management';
import { SettingsModule } from '../../settings';
import { StorageConfigModule } from '../../storage-config';
import { TextManagementModule } from '../../text-management';
import type { AdminModule } from '../modules';

/** The body of one admin module; modules not built yet show only their title. */
export function ModuleContent({ module }: { module: AdminModule }) {
  switch (module) {
    case 'dashboard':
      return <DashboardModule />;
    case 'key-management':
      return <KeyManagementModule />;
    case 'text-management':
      return <TextManagementModule />;
    case 'file-management':
      return <FileManagementModule />;
    case 'storage-config':
      return <StorageConfigModule />;
    case 'mount-management':
      return <MountManagementModule />;
    case 'settings':
      return <SettingsModule />;
    default:
      return null;
  }
}

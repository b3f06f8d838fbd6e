import { KeyManagementModule } from '../../key-management';
import { SettingsModule } from '../../settings';
import { TextManagementModule } from '../../text-management';
import type { AdminModule } from '../modules';

/** The body of one admin module; modules not built yet show only their title. */
export function ModuleContent({ module }: { module: AdminModule }) {
  switch (module) {
    case 'key-management':
      return <KeyManagementModule />;
    case 'text-management':
      return <TextManagementModule />;
    case 'settings':
      return <SettingsModule />;
    default:
      return null;
  }
}

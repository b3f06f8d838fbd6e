import { BUILT_IN_STORAGE_CONFIG_NAME } from '@pasteport/contract/plain';
import type { TFunction } from 'i18next';

/** What identifies a storage config's name: the stored name and, when known, its provider. */
export interface NamedStorageConfig {
  name: string;
  provider_type?: string;
}

/**
 * The name to show for a storage config. The built-in local-disk record the server creates is
 * named in the reader's language while it keeps the server's name; any name an administrator
 * gave is shown as written.
 */
export function storageConfigName(config: NamedStorageConfig, t: TFunction): string {
  const builtIn =
    config.name === BUILT_IN_STORAGE_CONFIG_NAME &&
    (config.provider_type === undefined || config.provider_type === 'local');
  return builtIn ? t('common.builtInStorageName') : config.name;
}

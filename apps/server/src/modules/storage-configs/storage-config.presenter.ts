import type { StorageConfig, UploadStorageConfig } from '@pasteport/contract';
import { providerOf, storedOptions } from '../../storage/registry.js';
import { valuesFromStored } from './storage-config-options.js';
import type { StorageConfigRow, StorageConfigUsage } from './storage-config.repository.js';

const NO_USAGE: StorageConfigUsage = { usedBytes: 0, fileCount: 0 };

/**
 * A config as the admin sees it, field by field: never the secret (sealed or not), only
 * whether one is stored.
 */
export function presentStorageConfig(
  row: StorageConfigRow,
  usage: StorageConfigUsage = NO_USAGE,
): StorageConfig {
  const options = storedOptions(row);
  const values = valuesFromStored(row, options, null);
  const secret = options.secretAccessKey;
  return {
    id: row.id,
    name: values.name,
    provider_type: values.provider_type,
    driver: row.driver === 'local' ? 'local' : 's3',
    endpoint_url: values.endpoint_url,
    region: values.region,
    bucket_name: values.bucket_name,
    access_key_id: values.access_key_id,
    has_secret: typeof secret === 'string' && secret !== '',
    path_style: values.path_style,
    default_folder: values.default_folder,
    custom_host: values.custom_host,
    signature_expires_in: values.signature_expires_in,
    total_storage_bytes: values.total_storage_bytes,
    used_bytes: usage.usedBytes,
    file_count: usage.fileCount,
    allow_api_keys: values.allow_api_keys,
    is_default: row.is_default === 1,
    root_path: values.root_path,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A config in the upload form's storage choice: only what the choice shows. */
export function presentUploadStorageConfig(row: StorageConfigRow): UploadStorageConfig {
  return {
    id: row.id,
    name: row.name,
    provider_type: providerOf(row.provider_type),
    is_default: row.is_default === 1,
  };
}

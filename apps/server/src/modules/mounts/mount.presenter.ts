import { mountStorageTypeOf, type Mount } from '@pasteport/contract';
import type { DetailedMount } from './mount.repository.js';

/** A mount row as the API shows it, field by field; the storage type comes from its config. */
export function presentMount(row: DetailedMount): Mount {
  return {
    id: row.id,
    name: row.name,
    mount_path: row.mount_path,
    storage_config_id: row.storage_config_id,
    storage_type:
      row.storage_driver === null
        ? null
        : mountStorageTypeOf(row.storage_driver === 'local' ? 'local' : 's3'),
    storage_config_name: row.storage_config_name,
    remark: row.remark,
    sort_order: row.sort_order,
    cache_ttl: row.cache_ttl,
    is_active: row.is_active === 1,
    read_only: row.read_only === 1,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_used: row.last_used,
    last_refresh: row.last_refresh,
  };
}

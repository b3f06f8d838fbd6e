import type { Generated } from 'kysely';

/**
 * Kysely table types. Timestamps are ISO-8601 UTC text (`2026-01-02T03:04:05.678Z`), which sorts
 * and compares correctly as text on both SQLite and PostgreSQL; booleans are integers 0/1 on
 * both so one query works everywhere (presenters convert).
 */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface StorageConfigsTable {
  id: string;
  name: string;
  /** Which driver serves it: 'local' or 's3'. */
  driver: string;
  /** The provider shown to people (Cloudflare R2, AWS S3, Local disk …). */
  provider_type: string;
  /** Driver options as JSON, validated by the driver's own schema; secrets encrypted inside. */
  options: string;
  is_default: number;
  allow_api_keys: number;
  /** Total capacity quota in bytes; null means unlimited. */
  quota_bytes: number | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  settings: SettingsTable;
  storage_configs: StorageConfigsTable;
}

export type { Generated };

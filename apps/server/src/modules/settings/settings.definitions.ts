import { DEFAULT_MAX_UPLOAD_SIZE_MB } from '@pasteport/contract';
import { z } from 'zod';

/** A setting: its key, the schema its value must satisfy, and the value used until one is saved. */
export interface SettingDefinition<T> {
  key: string;
  schema: z.ZodType<T>;
  defaultValue: T;
}

function define<T>(key: string, schema: z.ZodType<T>, defaultValue: T): SettingDefinition<T> {
  return { key, schema, defaultValue };
}

/** Every system setting the server knows. Features add theirs here. */
export const SETTINGS = {
  /** Largest upload in MB (SPEC §5: greater than 0). */
  maxUploadSizeMb: define(
    'max_upload_size',
    z.number().positive().max(1_048_576),
    DEFAULT_MAX_UPLOAD_SIZE_MB,
  ),
  /** How WebDAV PUTs reach storage. */
  webdavUploadMode: define(
    'webdav_upload_mode',
    z.enum(['direct', 'multipart']),
    'direct' as const,
  ),
  /** Whether WebDAV writes of macOS/Windows system files are answered as done without storing. */
  webdavIgnoreSystemFiles: define('webdav_ignore_system_files', z.boolean(), true),
  /** Whether anonymous visitors may create pastes. */
  allowGuestPastes: define('allow_guest_pastes', z.boolean(), false),
  /** Whether anonymous visitors may upload files. */
  allowGuestUploads: define('allow_guest_uploads', z.boolean(), false),
} as const;

import { z } from 'zod';
import { strictBody } from './strict-body.js';

export const WEBDAV_UPLOAD_MODES = ['direct', 'multipart'] as const;

/** The largest max_upload_size accepted, in MB (1 TiB). */
export const MAX_UPLOAD_SIZE_LIMIT_MB = 1_048_576;

/** GET /api/admin/system-settings → data. `max_upload_size` is in MB (SPEC §9). */
export const systemSettingsSchema = z.object({
  max_upload_size: z
    .number({ message: 'must be a number of MB' })
    .positive('must be greater than 0')
    .max(MAX_UPLOAD_SIZE_LIMIT_MB, `must be at most ${MAX_UPLOAD_SIZE_LIMIT_MB} MB`),
  webdav_upload_mode: z.enum(WEBDAV_UPLOAD_MODES, { message: 'must be direct or multipart' }),
  /** WebDAV writes of OS clutter (`._*`, `.DS_Store`, `desktop.ini`, `Thumbs.db`) succeed unstored. */
  webdav_ignore_system_files: z.boolean({ message: 'must be true or false' }),
  allow_guest_pastes: z.boolean({ message: 'must be true or false' }),
  allow_guest_uploads: z.boolean({ message: 'must be true or false' }),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/** PUT /api/admin/system-settings body: any subset; unknown fields are refused. */
export const updateSystemSettingsSchema = strictBody(systemSettingsSchema.partial());
export type UpdateSystemSettings = z.infer<typeof updateSystemSettingsSchema>;

/** GET /api/system/max-upload-size → data (public). */
export const maxUploadSizeSchema = z.object({ max_upload_size: z.number() });
export type MaxUploadSize = z.infer<typeof maxUploadSizeSchema>;

/** GET /api/system/guest-access → data (public): what visitors may do without signing in. */
export const guestAccessSchema = systemSettingsSchema.pick({
  allow_guest_pastes: true,
  allow_guest_uploads: true,
});
export type GuestAccess = z.infer<typeof guestAccessSchema>;

/** Units the settings form offers for max_upload_size; the API always takes MB. */
export const SIZE_UNITS = { KB: 1 / 1024, MB: 1, GB: 1024 } as const;
export type SizeUnit = keyof typeof SIZE_UNITS;

/** Converts a form value in KB/MB/GB to the MB the API stores. */
export function toMegabytes(value: number, unit: SizeUnit): number {
  return value * SIZE_UNITS[unit];
}

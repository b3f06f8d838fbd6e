import {
  MAX_UPLOAD_SIZE_LIMIT_MB,
  type SizeUnit,
  type SystemSettings,
  type UpdateSystemSettings,
} from '@pasteport/contract';
import { fromMegabytes, sizeToMegabytes } from './size-units';

/** What the system settings form edits; the size stays as typed until it is saved. */
export interface SystemSettingsValues {
  size: number | string;
  unit: SizeUnit;
  webdavUploadMode: SystemSettings['webdav_upload_mode'];
  webdavIgnoreSystemFiles: boolean;
  allowGuestPastes: boolean;
  allowGuestUploads: boolean;
}

/** Form fields, named as the server names them in details[].field. */
export type SystemSettingsField = keyof SystemSettings;

/** Problems of the size field: not a number above 0 (SPEC §5), or above the server's limit. */
export type SizeProblem = 'notPositive' | 'tooLarge';

/** The form's starting values from the server's settings. */
export function valuesFromSettings(settings: SystemSettings): SystemSettingsValues {
  const size = fromMegabytes(settings.max_upload_size);
  return {
    size: size.value,
    unit: size.unit,
    webdavUploadMode: settings.webdav_upload_mode,
    webdavIgnoreSystemFiles: settings.webdav_ignore_system_files,
    allowGuestPastes: settings.allow_guest_pastes,
    allowGuestUploads: settings.allow_guest_uploads,
  };
}

/** The problem with the typed size, if any. */
export function sizeProblem(values: SystemSettingsValues): SizeProblem | undefined {
  const value = typeof values.size === 'number' ? values.size : Number(values.size);
  if (values.size === '' || !Number.isFinite(value) || value <= 0) return 'notPositive';
  if (sizeToMegabytes({ value, unit: values.unit }) > MAX_UPLOAD_SIZE_LIMIT_MB) return 'tooLarge';
  return undefined;
}

/** PUT /admin/system-settings body of a valid form, with the size converted to MB. */
export function toSettingsUpdate(values: SystemSettingsValues): UpdateSystemSettings {
  return {
    max_upload_size: sizeToMegabytes({ value: Number(values.size), unit: values.unit }),
    webdav_upload_mode: values.webdavUploadMode,
    webdav_ignore_system_files: values.webdavIgnoreSystemFiles,
    allow_guest_pastes: values.allowGuestPastes,
    allow_guest_uploads: values.allowGuestUploads,
  };
}

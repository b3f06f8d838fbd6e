import {
  updateSystemSettingsSchema,
  type GuestAccess,
  type SystemSettings,
  type UpdateSystemSettings,
} from '@pasteport/contract';
import { parseWith } from '../../http/validate.js';
import { SETTINGS } from './settings.definitions.js';
import type { SettingsService } from './settings.service.js';

/** The system settings the admin panel edits, as one object (SPEC §3 Admin settings). */
export function createSystemSettingsService(settings: SettingsService) {
  async function read(): Promise<SystemSettings> {
    const [maxUpload, webdavMode, skipOsFiles, guestPastes, guestUploads] = await Promise.all([
      settings.get(SETTINGS.maxUploadSizeMb),
      settings.get(SETTINGS.webdavUploadMode),
      settings.get(SETTINGS.webdavIgnoreSystemFiles),
      settings.get(SETTINGS.allowGuestPastes),
      settings.get(SETTINGS.allowGuestUploads),
    ]);
    return {
      max_upload_size: maxUpload,
      webdav_upload_mode: webdavMode,
      webdav_ignore_system_files: skipOsFiles,
      allow_guest_pastes: guestPastes,
      allow_guest_uploads: guestUploads,
    };
  }

  return {
    read,

    /** Validates every field first (400 naming it) and saves all of them or none. */
    async update(input: unknown): Promise<SystemSettings> {
      const changes: UpdateSystemSettings = parseWith(updateSystemSettingsSchema, input, 'body');
      const pairs = [
        [SETTINGS.maxUploadSizeMb, changes.max_upload_size],
        [SETTINGS.webdavUploadMode, changes.webdav_upload_mode],
        [SETTINGS.webdavIgnoreSystemFiles, changes.webdav_ignore_system_files],
        [SETTINGS.allowGuestPastes, changes.allow_guest_pastes],
        [SETTINGS.allowGuestUploads, changes.allow_guest_uploads],
      ] as const;
      await settings.setMany(
        pairs.filter(([, value]) => value !== undefined).map(([def, value]) => ({ def, value })),
      );
      return read();
    },

    /** What visitors may do without signing in (shown by Home and Upload up front). */
    async guestAccess(): Promise<GuestAccess> {
      const { allow_guest_pastes, allow_guest_uploads } = await read();
      return { allow_guest_pastes, allow_guest_uploads };
    },

    async maxUploadSizeMb(): Promise<number> {
      return settings.get(SETTINGS.maxUploadSizeMb);
    },
  };
}

export type SystemSettingsService = ReturnType<typeof createSystemSettingsService>;

import { isRecord } from './records.js';
import type { GuestAccess, MaxUploadSize } from './settings.js';

// The two public answers a first visit reads (the header's links, the upload limit), checked
// without zod so the web's first load carries no schema library. Each accepts exactly what
// its schema in settings.ts accepts and keeps only the schema's fields.

/** GET /api/system/guest-access → data, as guestAccessSchema parses it; throws otherwise. */
export function parseGuestAccess(value: unknown): GuestAccess {
  if (
    isRecord(value) &&
    typeof value.allow_guest_pastes === 'boolean' &&
    typeof value.allow_guest_uploads === 'boolean'
  ) {
    return {
      allow_guest_pastes: value.allow_guest_pastes,
      allow_guest_uploads: value.allow_guest_uploads,
    };
  }
  throw new TypeError('not a guest-access answer');
}

/** GET /api/system/max-upload-size → data, as maxUploadSizeSchema parses it; throws otherwise. */
export function parseMaxUploadSize(value: unknown): MaxUploadSize {
  if (
    isRecord(value) &&
    typeof value.max_upload_size === 'number' &&
    Number.isFinite(value.max_upload_size)
  ) {
    return { max_upload_size: value.max_upload_size };
  }
  throw new TypeError('not a max-upload-size answer');
}

import type { GuestAccess } from '@pasteport/contract';
import { useAuth, type AuthSession } from '../../lib/auth';
import { useGuestAccess } from '../../lib/guest-access';

/** Why this visitor cannot upload: guests are turned off, or the key lacks the file permission. */
export type UploadDenial = 'guestsOff' | 'keyWithoutFile';

export type UploadAccess = { allowed: true } | { allowed: false; reason: UploadDenial };

/**
 * The admin and file-permitted keys may upload; other keys never; visitors when the server
 * allows guest uploads. Unknown guest access (loading, failed) lets them try: the server has
 * the last word.
 */
export function uploadAccessOf(session: AuthSession, guest: GuestAccess | undefined): UploadAccess {
  if (session.type === 'admin') return { allowed: true };
  if (session.type === 'apikey') {
    return session.permissions.file
      ? { allowed: true }
      : { allowed: false, reason: 'keyWithoutFile' };
  }
  if (guest && !guest.allow_guest_uploads) return { allowed: false, reason: 'guestsOff' };
  return { allowed: true };
}

/**
 * Whether GET /upload/storage-configs may be asked: it answers 401 to guests while guest
 * uploads are off and 403 to keys without the file permission, so it waits until the
 * identity is known to be allowed.
 */
export function mayListUploadConfigs(session: AuthSession, guest: GuestAccess | undefined) {
  if (session.type === 'admin') return true;
  if (session.type === 'apikey') return session.permissions.file;
  return guest?.allow_guest_uploads === true;
}

/** The current visitor's UploadAccess, asking the server about guests when signed out. */
export function useUploadAccess(): UploadAccess & { mayListConfigs: boolean } {
  const { session } = useAuth();
  const guest = useGuestAccess(session.type === 'none');
  return {
    ...uploadAccessOf(session, guest.data),
    mayListConfigs: mayListUploadConfigs(session, guest.data),
  };
}

import type { GuestAccess } from '@pasteport/contract';
import { useAuth, type AuthSession } from '../../lib/auth';
import { pasteScopeOf } from '../paste/api';
import { useGuestAccess } from './api';

/** Why this visitor cannot share: guests are turned off, or the key lacks the text permission. */
export type ShareDenial = 'guestsOff' | 'keyWithoutText';

/** Whether the visitor may create pastes, as far as the client can tell before asking. */
export type ShareAccess = { allowed: true } | { allowed: false; reason: ShareDenial };

/**
 * The admin and text-permitted keys may always share; other keys never; visitors when the
 * server allows guest pastes. Unknown guest access (loading, failed) lets them try: the
 * server has the last word.
 */
export function shareAccessOf(session: AuthSession, guest: GuestAccess | undefined): ShareAccess {
  // Whoever may manage pastes (the admin, a text-permitted key) may create them.
  if (pasteScopeOf(session)) return { allowed: true };
  if (session.type === 'apikey') return { allowed: false, reason: 'keyWithoutText' };
  if (guest && !guest.allow_guest_pastes) return { allowed: false, reason: 'guestsOff' };
  return { allowed: true };
}

/** The current visitor's ShareAccess, asking the server about guests when signed out. */
export function useShareAccess(): ShareAccess {
  const { session } = useAuth();
  const guest = useGuestAccess(session.type === 'none');
  return shareAccessOf(session, guest.data);
}

import { apiBaseUrl } from '../api';
import type { AuthSession } from '../auth';

/**
 * Whose a kept copy is: the identity the server answered (a guest, the administrator, or one
 * API key by its id, never by the key itself) on the API in use, as the environment switcher
 * can point this app at another server whose slugs and paths mean other things. A copy is
 * shown only to its owner, and signing out forgets the owner's copies.
 */
export function offlineOwnerOf(session: AuthSession, apiBase: string = apiBaseUrl()): string {
  const who =
    session.type === 'admin'
      ? 'admin'
      : session.type === 'apikey'
        ? `key:${session.info.id}`
        : 'guest';
  return `${who}@${apiBase}`;
}

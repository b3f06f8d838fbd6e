import type { AuthSession } from '../../lib/auth';
import type { WebDavCredential } from './WebDavConnect';

/** Who signs in to WebDAV as the signed-in user, and with what. */
export interface WebDavIdentity {
  username: string;
  credential: WebDavCredential;
}

/**
 * The WebDAV sign-in matching a session: the administrator's user name and password, or the
 * key's name with the key itself as the password; signed out, none.
 */
export function webDavIdentityOf(session: AuthSession): WebDavIdentity | undefined {
  if (session.type === 'admin') return { username: session.username, credential: 'adminPassword' };
  if (session.type === 'apikey') return { username: session.info.name, credential: 'apiKey' };
  return undefined;
}

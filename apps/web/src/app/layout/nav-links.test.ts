import { describe, expect, it } from 'vitest';
import { NO_SESSION, type AuthSession } from '../../lib/auth';
import { isLinkActive, visibleNavLinks } from './nav-links';

describe('isLinkActive', () => {
  it('matches Home only exactly', () => {
    expect(isLinkActive('/', { to: '/', end: true })).toBe(true);
    expect(isLinkActive('/upload', { to: '/', end: true })).toBe(false);
  });

  it('matches a section and its sub-paths, not look-alike prefixes', () => {
    const admin = { to: '/admin', end: false };
    expect(isLinkActive('/admin', admin)).toBe(true);
    expect(isLinkActive('/admin/settings', admin)).toBe(true);
    expect(isLinkActive('/administrator', admin)).toBe(false);
  });
});

const adminSession: AuthSession = {
  type: 'admin',
  token: 't',
  username: 'root',
  expiresAt: '2999-01-01T00:00:00.000Z',
};

function keySession(text: boolean, file: boolean, mount: boolean): AuthSession {
  return {
    type: 'apikey',
    key: 'k',
    permissions: { text, file, mount },
    info: { id: 'key-1', name: 'bot', basic_path: '/' },
  };
}

const guestUploadsOn = { allow_guest_pastes: true, allow_guest_uploads: true };
const guestUploadsOff = { allow_guest_pastes: true, allow_guest_uploads: false };

const targets = (session: AuthSession, guest = guestUploadsOff) =>
  visibleNavLinks(session, guest).map((link) => link.to);

describe('visibleNavLinks (SPEC §6)', () => {
  it('shows the admin every link', () => {
    expect(targets(adminSession)).toEqual(['/', '/upload', '/mount-explorer', '/admin']);
  });

  it('shows a key only the areas its permissions open', () => {
    expect(targets(keySession(true, false, false))).toEqual(['/', '/admin']);
    expect(targets(keySession(false, true, false))).toEqual(['/', '/upload', '/admin']);
    expect(targets(keySession(false, false, true))).toEqual(['/', '/mount-explorer']);
    expect(targets(keySession(true, true, true))).toEqual([
      '/',
      '/upload',
      '/mount-explorer',
      '/admin',
    ]);
  });

  it('shows a guest Upload only when guest uploads are on, and Admin for signing in', () => {
    expect(targets(NO_SESSION, guestUploadsOff)).toEqual(['/', '/admin']);
    expect(targets(NO_SESSION, guestUploadsOn)).toEqual(['/', '/upload', '/admin']);
    expect(visibleNavLinks(NO_SESSION, undefined).map((link) => link.to)).toEqual(['/', '/admin']);
  });
});

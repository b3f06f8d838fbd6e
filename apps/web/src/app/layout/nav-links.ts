import type { GuestAccess } from '@pasteport/contract';
import {
  IconClipboardText,
  IconFolders,
  IconSettings,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';
import type { AuthSession } from '../../lib/auth';

/** One entry of the main navigation (SPEC §2 header: Home, Upload, Mount explorer, Admin). */
export interface MainNavLink {
  to: string;
  labelKey: 'nav.home' | 'nav.upload' | 'nav.mountExplorer' | 'nav.admin';
  icon: Icon;
  /** Active only on this exact path (Home would otherwise match everything). */
  end: boolean;
}

/** The header links in display order; the desktop bar and the mobile drawer share them. */
export const MAIN_NAV_LINKS: readonly MainNavLink[] = [
  { to: '/', labelKey: 'nav.home', icon: IconClipboardText, end: true },
  { to: '/upload', labelKey: 'nav.upload', icon: IconUpload, end: false },
  { to: '/mount-explorer', labelKey: 'nav.mountExplorer', icon: IconFolders, end: false },
  { to: '/admin', labelKey: 'nav.admin', icon: IconSettings, end: false },
];

/** Whether a link is the current section, matching react-router NavLink's rule. */
export function isLinkActive(pathname: string, link: Pick<MainNavLink, 'to' | 'end'>): boolean {
  if (pathname === link.to) return true;
  return !link.end && pathname.startsWith(`${link.to}/`);
}

/**
 * The links this identity can use (SPEC §6): the admin sees all; a key sees Upload with the
 * file permission, Mount explorer with the mount permission and Admin when it may manage text
 * or files there; a guest sees Upload only once the server says guests may upload, never the
 * mount explorer, and Admin because sign-in lives there. Home is for everyone.
 */
export function visibleNavLinks(
  session: AuthSession,
  guest: GuestAccess | undefined,
): MainNavLink[] {
  return MAIN_NAV_LINKS.filter((link) => {
    if (session.type === 'admin' || link.to === '/') return true;
    if (session.type === 'apikey') {
      const { text, file, mount } = session.permissions;
      if (link.to === '/upload') return file;
      if (link.to === '/mount-explorer') return mount;
      return text || file;
    }
    if (link.to === '/upload') return guest?.allow_guest_uploads === true;
    return link.to === '/admin';
  });
}

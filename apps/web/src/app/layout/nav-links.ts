import {
  IconClipboardText,
  IconFolders,
  IconSettings,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';

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

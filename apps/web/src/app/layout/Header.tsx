import { Box, Burger, Button, Container, Group, NavLink, Text } from '@mantine/core';
import { APP_NAME } from '@pasteport/contract/plain';
import { IconClipboardCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useIsPhone } from '../../components/managed-list/use-is-phone';
import { NavDrawer } from '../../components/NavDrawer';
import { TOUCH_TARGET_PX } from '../../components/sizes';
import { useRouteDisclosure } from '../../components/use-route-disclosure';
import { useAuth } from '../../lib/auth';
import { useOnline } from '../../lib/connectivity';
import { useGuestAccess } from '../../lib/guest-access';
import { OfflineBadge } from '../../pwa';
import { OfflineQueueButton } from '../../features/offline-queue';
import { TasksButton, useHasTasks } from '../../features/tasks';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { ThemeToggle } from '../theme/ThemeToggle';
import classes from './Header.module.css';
import { isLinkActive, visibleNavLinks } from './nav-links';
import { UserMenu } from './UserMenu';

const MOBILE_NAV_ID = 'mobile-navigation';

/**
 * Sticky app header: brand, main links (a drawer below `sm`), the offline badge, tasks (while a
 * mount user has some), theme, language and user menu.
 */
export function Header() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useRouteDisclosure();
  const { session } = useAuth();
  const guest = useGuestAccess(session.type === 'none');
  const links = visibleNavLinks(session, guest.data);
  // One more button (or the offline badge) does not fit a 375 px bar beside the brand's name:
  // only the logo then.
  const hasTasks = useHasTasks();
  const online = useOnline();
  // Up to six buttons sit beside the menu and the logo: closer together on a phone's 375 px.
  const phone = useIsPhone();

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Group gap="xs" wrap="nowrap">
          <Burger
            hiddenFrom="sm"
            size="sm"
            className={classes.burger}
            opened={menu.opened}
            onClick={menu.toggle}
            aria-label={menu.opened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menu.opened}
            aria-controls={MOBILE_NAV_ID}
          />
          <Link
            to="/"
            className={classes.brand}
            aria-label={t('layout.brandHome', { app: APP_NAME })}
          >
            <IconClipboardCopy size={26} stroke={1.8} aria-hidden className={classes.logo} />
            <Text
              component="span"
              fw={700}
              fz="lg"
              c="bright"
              visibleFrom={hasTasks || !online ? 'xs' : undefined}
              data-testid="brand-name"
            >
              {APP_NAME}
            </Text>
          </Link>
        </Group>

        <Group component="nav" aria-label={t('nav.label')} gap={4} visibleFrom="sm">
          {links.map((link) => (
            <Button
              key={link.to}
              component={RouterNavLink}
              to={link.to}
              end={link.end}
              variant={isLinkActive(pathname, link) ? 'light' : 'subtle'}
              color={isLinkActive(pathname, link) ? undefined : 'gray'}
              h={TOUCH_TARGET_PX}
              leftSection={<link.icon size={18} stroke={1.6} aria-hidden />}
            >
              {t(link.labelKey)}
            </Button>
          ))}
        </Group>

        <Group gap={phone ? 4 : 'xs'} wrap="nowrap">
          <OfflineBadge />
          <OfflineQueueButton />
          <TasksButton />
          <ThemeToggle />
          <LanguageSwitcher />
          <UserMenu />
        </Group>
      </Container>

      <NavDrawer
        id={MOBILE_NAV_ID}
        opened={menu.opened}
        onClose={menu.close}
        title={t('nav.menuTitle')}
        closeLabel={t('nav.closeMenu')}
        navLabel={t('nav.label')}
      >
        {links.map((link) => (
          <NavLink
            key={link.to}
            component={RouterNavLink}
            to={link.to}
            end={link.end}
            active={isLinkActive(pathname, link)}
            label={t(link.labelKey)}
            leftSection={<link.icon size={18} stroke={1.6} aria-hidden />}
            onClick={menu.close}
          />
        ))}
      </NavDrawer>
    </Box>
  );
}

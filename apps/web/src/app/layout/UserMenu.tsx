import { Button, Menu, Text } from '@mantine/core';
import { IconDatabaseOff, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET_PX } from '../../components/sizes';
import { useAuth, useAuthStore } from '../../lib/auth';

// The dialog (and the offline database it counts in) loads when asked for.
const ForgetOfflineDataDialog = lazy(() =>
  import('../../components/offline-data/ForgetOfflineDataDialog').then((m) => ({
    default: m.ForgetOfflineDataDialog,
  })),
);

/**
 * Who is signed in (username or key name) with "forget offline data" (the one place an API
 * key reaches it) and sign-out; nothing when signed out.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const store = useAuthStore();
  const { session } = useAuth();
  const [forgetting, setForgetting] = useState(false);
  if (session.type === 'none') return null;
  const name = session.type === 'admin' ? session.username : session.info.name;

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            h={TOUCH_TARGET_PX}
            px="xs"
            aria-label={t('auth.user.menuLabel', { name })}
            data-testid="user-menu"
            data-auth-type={session.type}
            leftSection={<IconUserCircle size={20} stroke={1.6} aria-hidden />}
          >
            <Text component="span" size="sm" truncate maw={140} visibleFrom="sm">
              {name}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t(`auth.user.roles.${session.type}`)}</Menu.Label>
          <Menu.Item
            leftSection={<IconDatabaseOff size={16} aria-hidden />}
            onClick={() => setForgetting(true)}
          >
            {t('offlineData.forget')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => store.logout()}
            data-testid="logout"
          >
            {t('auth.user.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {forgetting && (
        <Suspense fallback={null}>
          <ForgetOfflineDataDialog onClose={() => setForgetting(false)} />
        </Suspense>
      )}
    </>
  );
}

import { Box, Button, Group, Stack } from '@mantine/core';
import { IconLayoutSidebar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavDrawer } from '../../../components/NavDrawer';
import { PageTitle } from '../../../components/PageTitle';
import { TOUCH_TARGET_PX } from '../../../components/sizes';
import { useRouteDisclosure } from '../../../components/use-route-disclosure';
import type { AdminSession, ApiKeySession } from '../../../lib/auth';
import type { AdminModule } from '../modules';
import { AdminNav } from './AdminNav';
import { ModuleContent } from './ModuleContent';
import { NoModules } from './NoModules';

const ADMIN_NAV_ID = 'admin-navigation';

/** Props of AdminFrame: who is signed in, what they may open and what is open. */
export interface AdminFrameProps {
  session: AdminSession | ApiKeySession;
  modules: readonly AdminModule[];
  /** Undefined when this identity may open no module at all. */
  current: AdminModule | undefined;
}

/** The signed-in admin panel: module side navigation (a drawer on phones) and the module. */
export function AdminFrame({ session, modules, current }: AdminFrameProps) {
  const { t } = useTranslation();
  const drawer = useRouteDisclosure();
  const navLabel = t('admin.navLabel');
  const hasNav = modules.length > 0;

  return (
    <Group align="flex-start" wrap="nowrap" gap="xl">
      {hasNav ? (
        <Box
          component="nav"
          aria-label={navLabel}
          visibleFrom="sm"
          w={240}
          style={{ flexShrink: 0 }}
        >
          <AdminNav modules={modules} current={current} />
        </Box>
      ) : null}
      <Stack flex={1} miw={0} gap="md">
        {hasNav ? (
          <Button
            hiddenFrom="sm"
            variant="default"
            h={TOUCH_TARGET_PX}
            leftSection={<IconLayoutSidebar size={18} aria-hidden />}
            aria-expanded={drawer.opened}
            aria-controls={ADMIN_NAV_ID}
            onClick={drawer.open}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('admin.openNav')}
          </Button>
        ) : null}
        {current ? (
          <>
            <PageTitle title={t(`admin.modules.${current}`)} section={t('admin.title')} />
            <ModuleContent module={current} />
          </>
        ) : (
          <NoModules session={session} />
        )}
      </Stack>
      {hasNav ? (
        <NavDrawer
          id={ADMIN_NAV_ID}
          opened={drawer.opened}
          onClose={drawer.close}
          title={t('admin.title')}
          closeLabel={t('common.close')}
          navLabel={navLabel}
        >
          <AdminNav modules={modules} current={current} onNavigate={drawer.close} />
        </NavDrawer>
      ) : null}
    </Group>
  );
}

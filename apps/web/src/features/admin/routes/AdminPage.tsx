import { Box, Button, Group, Stack } from '@mantine/core';
import { IconLayoutSidebar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { NavDrawer } from '../../../components/NavDrawer';
import { PageTitle } from '../../../components/PageTitle';
import { TOUCH_TARGET_PX } from '../../../components/sizes';
import { useRouteDisclosure } from '../../../components/use-route-disclosure';
import { AdminNav } from '../components/AdminNav';
import { DEFAULT_ADMIN_MODULE, isAdminModule } from '../modules';

const ADMIN_NAV_ID = 'admin-navigation';

/** The admin panel frame (SPEC §2): module side navigation, a drawer on phones, the module. */
export function AdminPage() {
  const { t } = useTranslation();
  const { module } = useParams();
  const drawer = useRouteDisclosure();

  if (module !== undefined && !isAdminModule(module)) return <Navigate to="/admin" replace />;
  const current = module ?? DEFAULT_ADMIN_MODULE;
  const navLabel = t('admin.navLabel');

  return (
    <Group align="flex-start" wrap="nowrap" gap="xl">
      <Box component="nav" aria-label={navLabel} visibleFrom="sm" w={240} style={{ flexShrink: 0 }}>
        <AdminNav current={current} />
      </Box>
      <Stack flex={1} miw={0} gap="md">
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
        <PageTitle title={t(`admin.modules.${current}`)} section={t('admin.title')} />
      </Stack>
      <NavDrawer
        id={ADMIN_NAV_ID}
        opened={drawer.opened}
        onClose={drawer.close}
        title={t('admin.title')}
        closeLabel={t('common.close')}
        navLabel={navLabel}
      >
        <AdminNav current={current} onNavigate={drawer.close} />
      </NavDrawer>
    </Group>
  );
}

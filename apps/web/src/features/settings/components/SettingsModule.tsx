import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { OfflineDataSection } from '../../../components/offline-data';
import { useSystemSettings } from '../api';
import { ChangeCredentialsForm } from './ChangeCredentialsForm';
import { SystemSettingsForm } from './SystemSettingsForm';
import { WebDavSection } from './WebDavSection';

/**
 * The settings module (admin only): system settings, WebDAV access, the admin's sign-in details
 * and the offline data kept on this device.
 */
export function SettingsModule() {
  const { t } = useTranslation();
  const settings = useSystemSettings();

  let system;
  if (settings.isPending) {
    system = <Skeleton height={320} radius="md" role="status" aria-label={t('common.loading')} />;
  } else if (settings.isError) {
    system = (
      <LoadFailedAlert
        title={t('settings.system.loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  } else {
    // Keyed by the loaded values so a refetch with new settings resets the form to them.
    system = <SystemSettingsForm key={settings.dataUpdatedAt} settings={settings.data} />;
  }

  return (
    <Stack gap="lg">
      {system}
      <WebDavSection />
      <ChangeCredentialsForm />
      <OfflineDataSection />
    </Stack>
  );
}

import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/**
 * Says that what the page shows is the copy kept on this device, and when it was saved: the
 * device is offline, so it may have changed since. Nothing when `savedAt` is undefined.
 */
export function OfflineCopyNotice({ savedAt }: { savedAt: number | undefined }) {
  const { t, i18n } = useTranslation();
  if (savedAt === undefined) return null;
  const time = formatDateTime(new Date(savedAt).toISOString(), i18n.language);
  return (
    <Alert
      role="status"
      variant="light"
      color="gray"
      py="xs"
      icon={<IconCloudOff size={18} aria-hidden />}
      data-testid="offline-copy-notice"
    >
      {t('offline.data.shownFromCopy', { time })}
    </Alert>
  );
}

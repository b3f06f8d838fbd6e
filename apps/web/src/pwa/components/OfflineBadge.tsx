import { Badge, Tooltip } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/connectivity';

/** The header's sign that the device is offline (SPEC §2); nothing while online. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Tooltip label={t('pwa.offlineBadgeLabel')} multiline w={260}>
      <Badge
        role="status"
        aria-label={t('pwa.offlineBadgeLabel')}
        color="gray"
        variant="light"
        leftSection={<IconWifiOff size={14} aria-hidden />}
        data-testid="offline-badge"
      >
        {t('pwa.offlineBadge')}
      </Badge>
    </Tooltip>
  );
}

import { Badge, Tooltip } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../components/managed-list/use-is-phone';
import { useOnline } from '../../lib/connectivity';
import { queueSize, subscribeQueueSize } from '../../lib/offline-queue/queue-size';

/** The header's sign that the device is offline (SPEC §2); nothing while online. */
export function OfflineBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  // A phone's header has no room for the word: the icon, named; and none at all beside the
  // queue button, which then shows the offline icon itself.
  const phone = useIsPhone();
  const queued = useSyncExternalStore(subscribeQueueSize, queueSize, () => 0);
  if (online || (phone && queued > 0)) return null;
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
        {phone ? null : t('pwa.offlineBadge')}
      </Badge>
    </Tooltip>
  );
}

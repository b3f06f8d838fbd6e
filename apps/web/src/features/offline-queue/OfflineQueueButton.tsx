import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET_PX } from '../../components/sizes';
import { useOnline } from '../../lib/connectivity';
import { queueSize, subscribeQueueSize } from '../../lib/offline-queue';
import { useOfflineQueue } from '../../lib/offline-queue/react';
import { sentMessage } from './sent-message';

const OfflineQueuePanel = lazy(() =>
  import('./OfflineQueuePanel').then((m) => ({ default: m.OfflineQueuePanel })),
);

/**
 * The header's way to what waits in the offline queue (SPEC §4): shown while something waits
 * or the replay needs a sign-in; opens the queue panel. Also where sent operations are told.
 */
export function OfflineQueueButton() {
  const { t } = useTranslation();
  const queue = useOfflineQueue();
  const queryClient = useQueryClient();
  const size = useSyncExternalStore(subscribeQueueSize, queueSize, () => 0);
  const replayState = useSyncExternalStore(
    (listener) => queue?.subscribeReplayState(listener) ?? (() => undefined),
    () => queue?.replayState() ?? 'idle',
    () => 'idle' as const,
  );
  const [opened, setOpened] = useState(false);
  const online = useOnline();
  const Icon = online ? IconCloudUpload : IconWifiOff;

  useEffect(
    () =>
      queue?.onSent((entry, data) => {
        notifications.show({ color: 'green', message: sentMessage(entry, data, t) });
        // Lists and pages may show what the operation changed.
        void queryClient.invalidateQueries();
      }),
    [queue, queryClient, t],
  );

  if (!queue || (size === 0 && replayState !== 'signInNeeded' && !opened)) return null;
  return (
    <>
      <Button
        variant="light"
        color={replayState === 'signInNeeded' ? 'red' : 'blue'}
        h={TOUCH_TARGET_PX}
        px="xs"
        leftSection={<Icon size={18} aria-hidden />}
        aria-label={t('offlineQueue.buttonLabel', { count: size })}
        onClick={() => setOpened(true)}
        data-testid="offline-queue-button"
      >
        {size}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <OfflineQueuePanel queue={queue} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

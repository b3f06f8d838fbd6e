import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countQueuedOperations, forgetAllOfflineData } from '../../lib/offline-copies';
import { SEARCH_HISTORY_QUERY_KEY } from '../../lib/query-keys';
import { ConfirmDialog } from '../ConfirmDialog';

/** How many operations wait in the offline queue; undefined while unknown (or unreadable). */
function useQueuedCount(): number | undefined {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    let active = true;
    countQueuedOperations().then(
      (queued) => {
        if (active) setCount(queued);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return count;
}

/** What the dialog says about the operations waiting to be sent, which go too. */
function QueueWarning({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (count === undefined) return <Text>{t('offlineData.queueUnknown')}</Text>;
  if (count === 0) return <Text>{t('offlineData.queueNone')}</Text>;
  return (
    <Alert color="orange" variant="light" data-testid="offline-queue-warning">
      {t('offlineData.queueDiscarded', { count })}
    </Alert>
  );
}

/**
 * Asks before forgetting everything this device kept for offline use: the copies of pastes,
 * files and folders, the recent searches and the operations done offline and not yet sent
 * (saying how many). Says so once done; a failure stays in the dialog.
 */
export function ForgetOfflineDataDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queued = useQueuedCount();
  const forget = useMutation({
    mutationFn: forgetAllOfflineData,
    // Local work: nothing to wait for while the network is away.
    networkMode: 'always',
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SEARCH_HISTORY_QUERY_KEY });
      notifications.show({ color: 'green', message: t('offlineData.done') });
      onClose();
    },
  });

  return (
    <ConfirmDialog
      title={t('offlineData.dialogTitle')}
      body={
        <Stack gap="sm">
          <Text>{t('offlineData.dialogBody')}</Text>
          <QueueWarning count={queued} />
          {forget.isError ? (
            <Alert role="alert" color="red" variant="light">
              {t('offlineData.failed')}
            </Alert>
          ) : null}
        </Stack>
      }
      confirmLabel={t('offlineData.confirm')}
      pending={forget.isPending}
      onConfirm={() => forget.mutate()}
      onClose={onClose}
    />
  );
}

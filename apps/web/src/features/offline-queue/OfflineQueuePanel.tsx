import { Alert, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOnline } from '../../lib/connectivity';
import type { OfflineQueue, QueueEntry } from '../../lib/offline-queue';
import { noteQueueSize } from '../../lib/offline-queue/queue-size';
import type * as QueueStore from '../../lib/offline-queue/queue-store';
import { formatDateTime } from '../../lib/format';

type QueueStoreModule = typeof QueueStore;

const STATUS_COLOR = { pending: 'gray', processing: 'blue', failed: 'red' } as const;

/**
 * The offline queue (SPEC §4): each operation made offline with its status and, when the
 * server refused it, why; retry and discard per item; "Send now" while online.
 */
export function OfflineQueuePanel({
  queue,
  onClose,
}: {
  queue: OfflineQueue;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  const [store, setStore] = useState<QueueStoreModule>();
  const signInNeeded = queue.replayState() === 'signInNeeded';

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import('../../lib/offline-queue/queue-store').then((module) => {
      if (!live) return;
      setStore(module);
      stop = module.watchEntries(queue.owner(), (next) => {
        setEntries(next);
        noteQueueSize(next.length);
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [queue]);

  const typeName = (entry: QueueEntry) => t(`offlineQueue.types.${entry.type}`);

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      title={t('offlineQueue.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('offlineQueue.intro')}</Text>
        {signInNeeded && (
          <Alert color="red" title={t('offlineQueue.signInNeeded')}>
            <Button component={Link} to="/admin" size="xs" onClick={onClose}>
              {t('offlineQueue.signIn')}
            </Button>
          </Alert>
        )}
        {!online && <Alert color="gray">{t('offlineQueue.offline')}</Alert>}
        {entries.length === 0 ? (
          <Text c="dimmed">{t('offlineQueue.empty')}</Text>
        ) : (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <li key={entry.id} data-testid="offline-queue-item">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{typeName(entry)}</Text>
                    <Badge color={STATUS_COLOR[entry.status]} variant="light">
                      {t(`offlineQueue.status.${entry.status}`)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('offlineQueue.queuedAt', {
                      time: formatDateTime(new Date(entry.timestamp).toISOString(), i18n.language),
                    })}
                  </Text>
                  {entry.failure && (
                    <Text size="sm" c="red">
                      {t('offlineQueue.failure', {
                        reason: entry.failure.code
                          ? t(`errors.${entry.failure.code}` as 'errors.CONFLICT')
                          : (entry.failure.message ?? String(entry.failure.status ?? '')),
                      })}
                    </Text>
                  )}
                  <Group gap="xs">
                    {entry.status === 'failed' && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRefresh size={14} aria-hidden />}
                        aria-label={t('offlineQueue.retryLabel', { type: typeName(entry) })}
                        onClick={() =>
                          void store?.retryEntry(entry.id).then(() => queue.replayNow())
                        }
                      >
                        {t('offlineQueue.retry')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={t('offlineQueue.discardLabel', { type: typeName(entry) })}
                      disabled={entry.status === 'processing'}
                      onClick={() => void store?.discardEntry(entry.id)}
                    >
                      {t('offlineQueue.discard')}
                    </Button>
                  </Group>
                </Stack>
              </li>
            ))}
          </Stack>
        )}
        {online && entries.some((entry) => entry.status === 'pending') && (
          <Button
            leftSection={<IconSend size={18} aria-hidden />}
            onClick={() => void queue.replayNow()}
          >
            {t('offlineQueue.sendNow')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}

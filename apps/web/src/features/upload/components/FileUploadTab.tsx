import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import type { UnfinishedUpload } from '../../../lib/transfer';
import type { FailureContext } from '../upload-failure';
import type { QueueItem } from '../upload-queue';
import { DropZone } from './DropZone';
import { QueueRow } from './QueueRow';
import { UnfinishedNotice } from './UnfinishedNotice';

export interface FileUploadTabProps {
  items: readonly QueueItem[];
  running: boolean;
  pendingCount: number;
  onFiles: (files: File[]) => void;
  onUploadAll: () => void;
  onRemove: (id: string) => void;
  onClearFinished: () => void;
  /** Why files cannot be sent now (access, options); the buttons say so. */
  blockedReason: string | undefined;
  /** Files may not be added at all (no upload access). */
  addDisabled: boolean;
  maxBytes: number;
  /** The limit is still being asked for (a skeleton stands in for the line). */
  maxSizeLoading: boolean;
  failureContext: FailureContext;
  /** Saved progress of queued files, by item id ("resumes from 42 %"). */
  resumeById: ReadonlyMap<string, number>;
  unfinished: readonly UnfinishedUpload[];
  onDiscardUnfinished: () => void;
}

/** The File tab: saved uploads to resume, the drop zone, the max size and the queue. */
export function FileUploadTab({
  items,
  running,
  pendingCount,
  onFiles,
  onUploadAll,
  onRemove,
  onClearFinished,
  blockedReason,
  addDisabled,
  maxBytes,
  maxSizeLoading,
  failureContext,
  resumeById,
  unfinished,
  onDiscardUnfinished,
}: FileUploadTabProps) {
  const { t, i18n } = useTranslation();
  const maxSizeId = useId();
  const queueTitleId = useId();
  const reasonId = useId();
  const finished = items.some(
    (item) => item.tooLarge || item.job?.getSnapshot().status === 'success',
  );

  return (
    <Stack gap="md">
      {unfinished.length > 0 ? (
        <UnfinishedNotice uploads={unfinished} onDiscard={onDiscardUnfinished} />
      ) : null}
      <DropZone
        onFiles={onFiles}
        disabled={addDisabled}
        describedBy={maxSizeId}
        beside={
          maxSizeLoading ? (
            <Skeleton height={16} width="12rem" radius="sm" id={maxSizeId} />
          ) : (
            <Text size="sm" c="dimmed" id={maxSizeId} data-testid="max-size">
              {t('upload.maxSize', { size: formatBytes(maxBytes, i18n.language) })}
            </Text>
          )
        }
      />
      {items.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby={queueTitleId}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Title order={2} size="h4" id={queueTitleId}>
              {t('upload.queue.title', { count: items.length })}
            </Title>
            <Group gap="xs" wrap="wrap">
              {finished ? (
                <Button variant="subtle" color="gray" size="md" onClick={onClearFinished}>
                  {t('upload.queue.clearFinished')}
                </Button>
              ) : null}
              <Button
                size="md"
                onClick={onUploadAll}
                disabled={running || pendingCount === 0 || Boolean(blockedReason)}
                aria-describedby={blockedReason ? reasonId : undefined}
                leftSection={<IconUpload size={18} aria-hidden />}
              >
                {running
                  ? t('upload.queue.running')
                  : t('upload.queue.uploadAll', { count: pendingCount })}
              </Button>
            </Group>
          </Group>
          {blockedReason && pendingCount > 0 ? (
            <Text id={reasonId} size="sm" c="dimmed">
              {blockedReason}
            </Text>
          ) : null}
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <QueueRow
                key={item.id}
                item={item}
                failureContext={failureContext}
                resumePercent={resumeById.get(item.id)}
                onRemove={() => onRemove(item.id)}
              />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

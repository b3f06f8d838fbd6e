import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconRotate2,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_TARGET_PX } from '../../../components/sizes';
import { formatBytes } from '../../../lib/format';
import {
  EMPTY_PROGRESS,
  type JobSnapshot,
  type JobStatus,
  type UploadJob,
} from '../../../lib/transfer';
import { shareUrlOf } from '../recent-uploads';
import { describeJobFailure, tooLargeMessage, type FailureContext } from '../upload-failure';
import type { QueueItem } from '../upload-queue';
import { ShareLink } from './ShareLink';
import { TransferProgress } from './TransferProgress';

const STATUS_COLOR: Record<JobStatus, string> = {
  pending: 'gray',
  uploading: 'blue',
  paused: 'yellow',
  success: 'green',
  error: 'red',
};

const NO_SUBSCRIPTION = () => () => {};

// One pending snapshot per size, so useSyncExternalStore sees a stable value.
const pendingCache = new Map<number, JobSnapshot>();
function pendingSnapshot(total: number): JobSnapshot {
  let snapshot = pendingCache.get(total);
  if (!snapshot) {
    snapshot = {
      status: 'pending',
      total,
      ...EMPTY_PROGRESS,
      failure: null,
      result: null,
      relayed: false,
      offline: false,
    };
    pendingCache.set(total, snapshot);
  }
  return snapshot;
}

/** The job's snapshot, re-rendering on each change; a file not started yet is pending. */
function useJobSnapshot(job: UploadJob | null, total: number): JobSnapshot {
  return useSyncExternalStore(
    job ? job.subscribe : NO_SUBSCRIPTION,
    job ? job.getSnapshot : () => pendingSnapshot(total),
  );
}

function RowAction({
  label,
  onClick,
  icon,
  color,
}: {
  label: string;
  onClick: () => void;
  icon: ReactNode;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color ?? 'gray'}
        size={TOUCH_TARGET_PX}
        onClick={onClick}
        aria-label={label}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One file of the queue: name, size, status, progress with speed and time left, the
 * actions its state allows, the failure in words, and the link once shared.
 */
export function QueueRow({
  item,
  failureContext,
  resumePercent,
  onRemove,
}: {
  item: QueueItem;
  failureContext: FailureContext;
  /** How far an earlier upload of this file got (saved progress), while pending. */
  resumePercent: number | undefined;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { file, job } = item;
  const snapshot = useJobSnapshot(job, file.size);
  const name = file.name;
  const status: JobStatus = item.tooLarge ? 'error' : snapshot.status;
  const canPause = job?.capabilities.pause ?? false;
  const canReset = job?.capabilities.reset ?? false;
  const cancelled = snapshot.failure?.kind === 'cancelled';

  const statusText =
    status === 'uploading'
      ? t('upload.status.uploading', { percent: snapshot.percent })
      : item.tooLarge
        ? t('upload.status.tooLarge')
        : cancelled
          ? t('upload.status.cancelled')
          : status === 'paused' && snapshot.pausing
            ? t('upload.status.pausing')
            : t(`upload.status.${status}`);

  const message = item.tooLarge
    ? tooLargeMessage(failureContext)
    : snapshot.failure
      ? describeJobFailure(snapshot.failure, failureContext)
      : undefined;

  const actions: ReactNode[] = [];
  const icon = (Icon: typeof IconX) => <Icon size={18} aria-hidden />;
  if (job && status === 'uploading') {
    if (canPause) {
      actions.push(
        <RowAction
          key="pause"
          label={t('upload.actions.pause', { name })}
          onClick={job.pause}
          icon={icon(IconPlayerPause)}
        />,
      );
    }
    actions.push(
      <RowAction
        key="cancel"
        label={t('upload.actions.cancel', { name })}
        onClick={job.cancel}
        icon={icon(IconX)}
        color="red"
      />,
    );
  }
  if (job && status === 'paused') {
    actions.push(
      <RowAction
        key="resume"
        label={t('upload.actions.resume', { name })}
        onClick={() => void job.resume()}
        icon={icon(IconPlayerPlay)}
        color="blue"
      />,
      <RowAction
        key="cancel"
        label={t('upload.actions.cancel', { name })}
        onClick={job.cancel}
        icon={icon(IconX)}
        color="red"
      />,
    );
  }
  if (job && status === 'error' && !item.tooLarge) {
    actions.push(
      <RowAction
        key="retry"
        label={t('upload.actions.retry', { name })}
        onClick={() => void job.retry()}
        icon={icon(IconRefresh)}
        color="blue"
      />,
    );
  }
  if (job && canReset && (status === 'paused' || (status === 'error' && !cancelled))) {
    actions.push(
      <RowAction
        key="reset"
        label={t('upload.actions.reset', { name })}
        onClick={() => void job.reset()}
        icon={icon(IconRotate2)}
      />,
    );
  }
  if (status === 'pending' || status === 'success' || status === 'error') {
    actions.push(
      <RowAction
        key="remove"
        label={t('upload.actions.remove', { name })}
        onClick={onRemove}
        icon={icon(IconTrash)}
      />,
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
          <Tooltip label={name} openDelay={500}>
            <Text fw={600} truncate="end" style={{ minWidth: 0, flex: 1 }}>
              {name}
            </Text>
          </Tooltip>
          <Badge
            color={STATUS_COLOR[status]}
            variant="light"
            tt="none"
            size="lg"
            style={{ flexShrink: 0 }}
            data-testid="job-status"
          >
            {statusText}
          </Badge>
        </Group>
        {/* Actions get their own line so a phone keeps room for the name (UX: 375 px). */}
        <Group justify="space-between" gap="xs" wrap="wrap" align="center">
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatBytes(file.size, i18n.language)}
            </Text>
            {status !== 'success' && resumePercent !== undefined ? (
              <Text size="xs" c="blue" data-testid="resume-note">
                {t('upload.queue.resumesFrom', { percent: resumePercent })}
              </Text>
            ) : null}
          </Group>
          <Group gap={2} wrap="nowrap" ml="auto">
            {actions}
          </Group>
        </Group>
        {status === 'uploading' || status === 'paused' ? (
          <TransferProgress
            label={t('upload.progress.label', { name })}
            percent={snapshot.percent}
            loaded={snapshot.loaded}
            total={snapshot.total}
            speed={snapshot.speed}
            eta={snapshot.eta}
            paused={status === 'paused'}
          />
        ) : null}
        {snapshot.offline && status !== 'success' ? (
          <Text size="xs" c="orange">
            {t('upload.queue.offline')}
          </Text>
        ) : null}
        {snapshot.relayed && status === 'uploading' ? (
          <Text size="xs" c="dimmed">
            {t('upload.queue.relayed')}
          </Text>
        ) : null}
        {message ? (
          <Text size="sm" c="red" role="alert">
            {message}
          </Text>
        ) : null}
        {snapshot.result ? (
          <ShareLink url={shareUrlOf(snapshot.result)} name={snapshot.result.filename} />
        ) : null}
      </Stack>
    </Paper>
  );
}

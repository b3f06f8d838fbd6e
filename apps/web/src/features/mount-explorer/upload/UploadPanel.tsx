import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRefresh, IconX } from '@tabler/icons-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeApiError } from '../../../lib/api';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useMaxUploadBytes } from '../../upload/api';
import { TransferProgress } from '../../upload/components/TransferProgress';
import { describeJobFailure } from '../../upload/upload-failure';
import { explorerHref, parentPath } from '../location';
import type { ExplorerUploads, UploadRow, UploadsSnapshot } from './explorer-uploads';

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The explorer's uploads: each file with its progress and controls (pause and resume for
 * large files, cancel, retry), files a reload interrupted (pick them again to resume), and
 * the three most recent uploads (SPEC §9). Shown only while there is something to show.
 */
export function UploadPanel({
  uploads,
  snapshot,
}: {
  uploads: ExplorerUploads;
  snapshot: UploadsSnapshot;
}) {
  const { t, i18n } = useTranslation();
  const { rows, recent, interrupted, startError } = snapshot;
  if (rows.length === 0 && recent.length === 0 && interrupted.length === 0 && !startError) {
    return null;
  }
  const finished = rows.some((row) => {
    const status = row.job.getSnapshot().status;
    return status === 'success' || status === 'error';
  });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('explorerUpload.title')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('explorerUpload.title')}
          </Text>
          {finished ? (
            <Button size="compact-xs" variant="subtle" onClick={() => uploads.clearFinished()}>
              {t('explorerUpload.clearFinished')}
            </Button>
          ) : null}
        </Group>
        {startError ? (
          <Alert role="alert" color="red" variant="light">
            {t('explorerUpload.refused', { reason: describeApiError(startError, t) })}
          </Alert>
        ) : null}
        {interrupted.length > 0 ? (
          <Alert color="yellow" variant="light" title={t('explorerUpload.interruptedTitle')}>
            <Stack gap={4}>
              <Text size="sm">
                {t('explorerUpload.interrupted', { count: interrupted.length })}
              </Text>
              <Text size="xs" style={{ wordBreak: 'break-all' }}>
                {interrupted.map((record) => record.path).join(', ')}
              </Text>
              <Group>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => void uploads.forgetInterrupted()}
                >
                  {t('explorerUpload.forget')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {rows.length > 0 ? (
          <Stack gap="xs" role="list" aria-label={t('explorerUpload.current')}>
            {rows.map((row) => (
              <UploadRowView key={row.id} row={row} uploads={uploads} />
            ))}
          </Stack>
        ) : null}
        {recent.length > 0 ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('explorerUpload.recent')}
            </Text>
            <Stack gap={2} role="list" aria-label={t('explorerUpload.recent')}>
              {recent.map((entry) => (
                <Group key={entry.path} gap="xs" wrap="nowrap" role="listitem">
                  <Text
                    size="sm"
                    truncate="end"
                    component={Link}
                    to={explorerHref(parentPath(entry.path), nameOf(entry.path))}
                    title={entry.path}
                  >
                    {nameOf(entry.path)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatBytes(entry.size, i18n.language)} ·{' '}
                    {formatDateTime(new Date(entry.at).toISOString(), i18n.language)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function UploadRowView({ row, uploads }: { row: UploadRow; uploads: ExplorerUploads }) {
  const { t, i18n } = useTranslation();
  const limit = useMaxUploadBytes();
  const snapshot = useSyncExternalStore(row.job.subscribe, row.job.getSnapshot);
  const name = nameOf(row.path);
  const { status } = snapshot;
  const moving = status === 'uploading' || status === 'pending';
  return (
    <Stack gap={4} role="listitem" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" title={row.path}>
          {name}
        </Text>
        <Group gap={4} wrap="nowrap">
          <StatusText snapshot={snapshot} />
          {row.job.capabilities.pause && status === 'uploading' ? (
            <RowAction
              label={t('explorerUpload.pause', { name })}
              onClick={() => uploads.pause(row.id)}
            >
              <IconPlayerPause size={16} />
            </RowAction>
          ) : null}
          {status === 'paused' ? (
            <RowAction
              label={t('explorerUpload.resume', { name })}
              onClick={() => uploads.resume(row.id)}
            >
              <IconPlayerPlay size={16} />
            </RowAction>
          ) : null}
          {status === 'error' ? (
            <RowAction
              label={t('explorerUpload.retry', { name })}
              onClick={() => void uploads.retry(row.id)}
            >
              <IconRefresh size={16} />
            </RowAction>
          ) : null}
          {moving || status === 'paused' ? (
            <RowAction
              label={t('explorerUpload.cancel', { name })}
              onClick={() => uploads.cancel(row.id)}
            >
              <IconX size={16} />
            </RowAction>
          ) : null}
        </Group>
      </Group>
      {status === 'uploading' || status === 'paused' ? (
        <TransferProgress
          label={t('explorerUpload.progressOf', { name })}
          percent={snapshot.percent}
          loaded={snapshot.loaded}
          total={snapshot.total}
          speed={snapshot.speed}
          eta={snapshot.eta}
          paused={status === 'paused'}
        />
      ) : null}
      {status === 'error' && snapshot.failure ? (
        <Text size="xs" c="red" role="alert">
          {describeJobFailure(snapshot.failure, {
            t,
            language: i18n.language,
            limitBytes: limit.bytes,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

function StatusText({ snapshot }: { snapshot: ReturnType<UploadRow['job']['getSnapshot']> }) {
  const { t } = useTranslation();
  const label: Record<typeof snapshot.status, string> = {
    pending: t('explorerUpload.status.pending'),
    uploading: t('explorerUpload.status.uploading'),
    paused: t('explorerUpload.status.paused'),
    success: t('explorerUpload.status.success'),
    error: t('explorerUpload.status.error'),
  };
  const color =
    snapshot.status === 'success' ? 'green' : snapshot.status === 'error' ? 'red' : 'dimmed';
  return (
    <Text size="xs" c={color} data-testid="explorer-upload-status">
      {label[snapshot.status]}
    </Text>
  );
}

function RowAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

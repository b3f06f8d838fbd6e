import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import type { FailureContext } from '../upload-failure';
import type { UrlInfo } from '../url-api';
import type { RelaySnapshot } from '../url/relay-job';
import type { ImportSnapshot } from '../url/server-import';
import { describeImportFailure, describeRelayFailure } from '../url/url-messages';
import { TransferProgress } from './TransferProgress';

/** Name, type and size of the file behind a URL. */
export function InfoCard({ info }: { info: UrlInfo }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('upload.url.info.name'), info.filename],
    [t('upload.url.info.type'), info.mimetype],
    [
      t('upload.url.info.size'),
      info.size === null ? t('upload.url.info.unknownSize') : formatBytes(info.size, i18n.language),
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ minWidth: 0 }}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600} truncate="end" title={value}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** What a running transfer shows of its progress (TransferProgress's figures). */
type ProgressFigures = Pick<
  ComponentProps<typeof TransferProgress>,
  'percent' | 'loaded' | 'total' | 'speed' | 'eta'
>;

/** A running transfer: what it is doing, a cancel button, and its progress. */
function RunningTransfer({
  title,
  name,
  onCancel,
  progress,
}: {
  title: string;
  name: string;
  onCancel: () => void;
  progress: ProgressFigures;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <Button
          variant="subtle"
          color="red"
          size="sm"
          mih={40}
          onClick={onCancel}
          leftSection={<IconX size={16} aria-hidden />}
        >
          {t('upload.url.cancel')}
        </Button>
      </Group>
      <TransferProgress
        label={t('upload.progress.label', { name })}
        percent={progress.percent}
        loaded={progress.loaded}
        total={progress.total}
        speed={progress.speed}
        eta={progress.eta}
      />
    </>
  );
}

/** The browser relay: phase, two-phase progress with cancel, proxy note, failure. */
export function RelayStatus({
  snapshot,
  name,
  onCancel,
  failureContext,
}: {
  snapshot: RelaySnapshot;
  name: string;
  onCancel: () => void;
  failureContext: FailureContext;
}) {
  const { t } = useTranslation();
  const running = snapshot.phase === 'download' || snapshot.phase === 'upload';
  return (
    <Stack gap="xs" data-testid="relay-status">
      {running ? (
        <RunningTransfer
          title={
            snapshot.phase === 'download'
              ? t('upload.url.phase.download')
              : t('upload.url.phase.upload')
          }
          name={name}
          onCancel={onCancel}
          progress={snapshot}
        />
      ) : null}
      {snapshot.viaProxy ? (
        <Text size="xs" c="dimmed">
          {t('upload.url.viaProxy')}
        </Text>
      ) : null}
      {snapshot.failure ? (
        <Text size="sm" c="red" role="alert">
          {describeRelayFailure(snapshot.failure, failureContext)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The server-side import: progress with cancel, cancelled note, failure. */
export function ImportStatus({
  snapshot,
  name,
  onCancel,
  failureContext,
}: {
  snapshot: ImportSnapshot;
  name: string;
  onCancel: () => void;
  failureContext: FailureContext;
}) {
  const { t } = useTranslation();
  const running = snapshot.state === 'starting' || snapshot.state === 'running';
  return (
    <Stack gap="xs" data-testid="import-status">
      {running ? (
        <RunningTransfer
          title={t('upload.url.phase.server')}
          name={name}
          onCancel={onCancel}
          // The server reports bytes, not a rate: no speed or time left to show.
          progress={{ ...snapshot, speed: 0, eta: null }}
        />
      ) : null}
      {snapshot.state === 'cancelled' ? (
        <Text size="sm" c="dimmed" role="status">
          {t('upload.url.importCancelled')}
        </Text>
      ) : null}
      {snapshot.failure ? (
        <Text size="sm" c="red" role="alert">
          {describeImportFailure(snapshot.failure, failureContext)}
        </Text>
      ) : null}
    </Stack>
  );
}

import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatWait } from '../../../lib/format';

/**
 * A transfer's bar with "42 % · 3.1 MB of 7.4 MB · 1.2 MB/s · 4 seconds left". Without a
 * percent (size unknown) the bar animates and only the bytes are shown.
 */
export function TransferProgress({
  label,
  percent,
  loaded,
  total,
  speed,
  eta,
  paused = false,
}: {
  /** Names the bar for screen readers, e.g. "Upload progress of report.pdf". */
  label: string;
  percent: number | undefined;
  loaded: number;
  total: number | null;
  speed: number;
  eta: number | null;
  paused?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const known = percent !== undefined;
  const parts = [
    known ? t('upload.progress.percent', { percent }) : null,
    total !== null && total > 0
      ? t('upload.progress.bytesOf', {
          loaded: formatBytes(loaded, language),
          total: formatBytes(total, language),
        })
      : formatBytes(loaded, language),
    speed > 0 ? t('upload.progress.speed', { speed: formatBytes(speed, language) }) : null,
    speed > 0 && eta !== null && eta > 0
      ? t('upload.progress.eta', { time: formatWait(eta, language) })
      : null,
  ].filter((part): part is string => part !== null);

  return (
    <div>
      <Progress
        value={known ? percent : 100}
        animated={!known || (!paused && percent < 100)}
        striped={!known}
        color={paused ? 'gray' : undefined}
        size="md"
        radius="xl"
        aria-label={label}
        aria-valuetext={known ? t('upload.progress.percent', { percent }) : undefined}
      />
      <Group gap="xs" mt={4}>
        <Text size="xs" c="dimmed" data-testid="transfer-stats">
          {parts.join(' · ')}
        </Text>
      </Group>
    </div>
  );
}

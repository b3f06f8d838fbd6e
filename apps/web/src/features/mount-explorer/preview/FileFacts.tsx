import { Group, Stack, Text } from '@mantine/core';
import type { FsInfo } from '@pasteport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** An entry's path, size, date and type in a few lines, leaving the room to its preview. */
export function FileFacts({ entry }: { entry: FsInfo }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs">
      <Fact label={t('mountExplorer.details.path')}>{entry.path}</Fact>
      <Group gap="lg" align="flex-start">
        {entry.isDirectory ? null : (
          <Fact label={t('mountExplorer.details.size')}>
            {formatBytes(entry.size, i18n.language)}
          </Fact>
        )}
        <Fact label={t('mountExplorer.details.modified')}>
          {entry.modified ? formatDateTime(entry.modified, i18n.language) : '—'}
        </Fact>
        <Fact label={t('mountExplorer.details.type')}>{entry.mimetype ?? '—'}</Fact>
      </Group>
    </Stack>
  );
}

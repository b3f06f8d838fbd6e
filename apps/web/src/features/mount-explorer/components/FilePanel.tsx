import { Alert, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { fetchFileLink, useEntryInfo } from '../api';

/**
 * The file named by `?preview=`: its facts, and download / open through a short-lived link (the
 * API itself needs credentials a plain link cannot carry). Closing it drops `?preview=`.
 */
export function FilePanel({ path, onClose }: { path: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const info = useEntryInfo(path);
  const [linkError, setLinkError] = useState<unknown>(null);
  const [opening, setOpening] = useState<'download' | 'open' | null>(null);

  async function follow(kind: 'download' | 'open') {
    if (!path) return;
    setOpening(kind);
    setLinkError(null);
    try {
      const link = await fetchFileLink(path, { forceDownload: kind === 'download' });
      if (kind === 'download') window.location.assign(link.presignedUrl);
      else window.open(link.presignedUrl, '_blank', 'noopener,noreferrer');
    } catch (error) {
      setLinkError(error);
    } finally {
      setOpening(null);
    }
  }

  const entry = info.data;
  return (
    <Drawer
      opened={path !== undefined}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {entry?.name ?? path?.split('/').at(-1)}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {info.isPending ? (
        <Loader size="sm" aria-label={t('mountExplorer.loading')} />
      ) : info.isError ? (
        <Alert role="alert" color="red" variant="light">
          {describeApiError(info.error, t)}
        </Alert>
      ) : entry ? (
        <Stack>
          <Table variant="vertical" layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={110}>{t('mountExplorer.details.path')}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{entry.path}</Table.Td>
              </Table.Tr>
              {entry.isDirectory ? null : (
                <Table.Tr>
                  <Table.Th>{t('mountExplorer.details.size')}</Table.Th>
                  <Table.Td>{formatBytes(entry.size, i18n.language)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>{t('mountExplorer.details.modified')}</Table.Th>
                <Table.Td>
                  {entry.modified ? formatDateTime(entry.modified, i18n.language) : '—'}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('mountExplorer.details.type')}</Table.Th>
                <Table.Td>{entry.mimetype ?? '—'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {entry.isDirectory ? null : (
            <Group gap="xs">
              <Button
                leftSection={<IconDownload size={16} />}
                loading={opening === 'download'}
                onClick={() => void follow('download')}
              >
                {t('mountExplorer.actions.download')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconExternalLink size={16} />}
                loading={opening === 'open'}
                onClick={() => void follow('open')}
              >
                {t('mountExplorer.actions.open')}
              </Button>
            </Group>
          )}
          {linkError ? (
            <Alert role="alert" color="red" variant="light">
              {describeApiError(linkError, t)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}

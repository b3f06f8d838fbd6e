import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';
import type { RecentUpload } from '../recent-uploads';
import { ShareLink } from './ShareLink';

/** The last 3 files shared from this browser (SPEC §2), each with link, copy and QR code. */
export function RecentUploads({
  uploads,
  onClear,
}: {
  uploads: readonly RecentUpload[];
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t('upload.recent.title')}
          </Title>
          {uploads.length > 0 ? (
            <Button
              variant="subtle"
              color="gray"
              size="sm"
              mih={40}
              onClick={onClear}
              leftSection={<IconTrash size={16} aria-hidden />}
            >
              {t('upload.recent.clear')}
            </Button>
          ) : null}
        </Group>
        {uploads.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('upload.recent.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {uploads.map((upload) => (
              <li key={upload.slug}>
                <Stack gap={4}>
                  <Text fw={600} size="sm" truncate="end" title={upload.filename}>
                    {upload.filename}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(upload.size, i18n.language)} ·{' '}
                    {formatDateTime(new Date(upload.at).toISOString(), i18n.language)}
                  </Text>
                  <ShareLink url={upload.url} name={upload.filename} />
                </Stack>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

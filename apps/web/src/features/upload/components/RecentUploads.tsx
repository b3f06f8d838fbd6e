import { Anchor, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { recentNotShown, type RecentUpload } from '../recent-uploads';
import { ShareLink } from './ShareLink';

/**
 * The last 3 files shared from this browser (SPEC §2), each named by a link to its page, with
 * copy and QR code. Files the upload list beside still shows with their link are not repeated.
 */
export function RecentUploads({
  uploads,
  shownBeside,
  onClear,
}: {
  uploads: readonly RecentUpload[];
  /** Slugs of the files the upload list shows now. */
  shownBeside: ReadonlySet<string>;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const listed = recentNotShown(uploads, shownBeside);
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
        ) : null}
        {listed.length > 0 ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {listed.map((upload) => (
              <Group
                component="li"
                key={upload.slug}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
              >
                <Stack gap={2} miw={0}>
                  <Tooltip label={upload.filename} openDelay={300} multiline maw={360}>
                    <Anchor
                      href={upload.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      fw={600}
                      size="sm"
                      truncate="end"
                    >
                      {upload.filename}
                    </Anchor>
                  </Tooltip>
                  <Text size="xs" c="dimmed">
                    {formatBytes(upload.size, i18n.language)} ·{' '}
                    {formatDateTime(new Date(upload.at).toISOString(), i18n.language)}
                  </Text>
                </Stack>
                <ShareLink url={upload.url} name={upload.filename} compact />
              </Group>
            ))}
          </Stack>
        ) : null}
        {listed.length < uploads.length ? (
          <Text size="xs" c="dimmed">
            {t('upload.recent.inList')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import type { UnfinishedUpload } from '../../../lib/transfer';

/**
 * Uploads a reload interrupted: choosing the same files again resumes them (SPEC §4);
 * "Discard" forgets them for good.
 */
export function UnfinishedNotice({
  uploads,
  onDiscard,
}: {
  uploads: readonly UnfinishedUpload[];
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory size={18} aria-hidden />}
      title={t('upload.unfinished.title', { count: uploads.length })}
      data-testid="unfinished-uploads"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('upload.unfinished.hint')}</Text>
        <List size="sm" spacing={2}>
          {uploads.map((upload) => (
            <List.Item key={upload.key}>
              {t('upload.unfinished.item', {
                name: upload.filename,
                size: formatBytes(upload.size, i18n.language),
                percent: upload.percent,
              })}
            </List.Item>
          ))}
        </List>
        <Button variant="default" size="sm" mih={40} onClick={onDiscard}>
          {t('upload.unfinished.discard')}
        </Button>
      </Stack>
    </Alert>
  );
}

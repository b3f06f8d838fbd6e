import { Stack, Text, ThemeIcon } from '@mantine/core';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { TEXT_PREVIEW_MAX_BYTES } from '../preview-kind';
import { DownloadButton } from './DownloadButton';
import { fileIconOf } from './file-icon';
import { PreviewFrame } from './PreviewFrame';
import type { PreviewSource } from './preview-source';

/**
 * What stands in for a preview: the file's icon, size and a download button, for types the
 * browser cannot show (`none`) and for text too large to fetch here (`tooLarge`).
 */
export function DownloadCard({
  source,
  reason,
  onDownload,
}: {
  source: PreviewSource;
  reason: 'none' | 'tooLarge';
  onDownload: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PreviewFrame kind={reason}>
      <Stack align="center" ta="center" gap="sm" py="xl" px="md">
        <ThemeIcon variant="light" color="gray" size={72} radius="xl">
          {createElement(fileIconOf(source.filename, source.mimetype), {
            size: 40,
            stroke: 1.5,
            'aria-hidden': true,
          })}
        </ThemeIcon>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {source.filename}
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(source.size, i18n.language)}
        </Text>
        <Text size="sm" c="dimmed" maw={420}>
          {reason === 'none'
            ? t('file.preview.none')
            : t('file.preview.tooLarge', {
                max: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language),
              })}
        </Text>
        {source.downloadable ? (
          <DownloadButton
            url={source.downloadUrl}
            filename={source.filename}
            onDownload={onDownload}
          />
        ) : null}
      </Stack>
    </PreviewFrame>
  );
}

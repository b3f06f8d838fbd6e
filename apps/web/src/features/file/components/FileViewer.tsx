import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { PublicFile } from '@pasteport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { FilePreview } from '../preview/FilePreview';
import { useContentReads } from '../view/use-content-reads';
import { useFileVisit } from '../view/use-file-visit';
import { FilePasswordPrompt } from './FilePasswordPrompt';
import { FileProblemView } from './FileProblemView';

/**
 * A file's preview on its own, for a dialog (the admin's "Preview"): the same visit as the
 * page (facts, password, problems) and the same preview components, without the page around.
 */
export function FileViewer({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { visit, retry, unlocked, failed } = useFileVisit(slug);
  if (visit.status === 'open') return <OpenedFile file={visit.file} token={visit.token} />;
  if (visit.status === 'failed') {
    return <FileProblemView error={visit.error} onRetry={retry} compact />;
  }
  if (visit.status === 'locked') {
    return <FilePasswordPrompt slug={slug} onUnlocked={unlocked} onGone={failed} />;
  }
  return (
    <Stack gap="sm" role="status" aria-label={t('common.loading')}>
      <Skeleton height={16} width="50%" radius="sm" />
      <Skeleton height={280} radius="md" />
    </Stack>
  );
}

function OpenedFile({ file, token }: { file: PublicFile; token: string | undefined }) {
  const { t, i18n } = useTranslation();
  const reads = useContentReads(file);
  const [source] = useState(() => ({
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: file.size,
    previewUrl: file.preview_url,
    downloadUrl: file.download_url,
    token,
  }));
  return (
    <Stack gap="sm">
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="dimmed" data-testid="viewer-facts">
          {t('file.viewer.facts', {
            size: formatBytes(file.size, i18n.language),
            type: file.mimetype,
          })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="viewer-views">
          {reads.remaining === null
            ? t('file.viewer.views', { count: reads.views })
            : t('file.viewer.viewsLeft', { count: reads.views, remaining: reads.remaining })}
        </Text>
      </Group>
      <FilePreview
        source={{ ...source, downloadable: reads.remaining !== 0 }}
        started={reads.previewStarted}
        remaining={reads.remaining}
        onStart={reads.startPreview}
        onDownload={reads.countRead}
      />
    </Stack>
  );
}

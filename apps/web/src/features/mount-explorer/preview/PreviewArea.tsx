import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { usePreviewLink, type LinkedFile } from './api';
import { LazyFilePreview } from './lazy';
import { mountPreviewSource } from './preview-source';

const noop = () => undefined;

/** Stands in while the link or the preview's code loads. */
export function PreviewSkeleton() {
  const { t } = useTranslation();
  return <Skeleton height={320} radius="md" role="status" aria-label={t('common.loading')} />;
}

/**
 * The file page's preview of a mount file, read through a short-lived link. A mount file has
 * no view limit: the preview starts at once. `revision` reloads it (after a save).
 */
export function PreviewArea({ file, revision }: { file: LinkedFile; revision: number }) {
  const { t } = useTranslation();
  const link = usePreviewLink(file);
  if (link.isPending) return <PreviewSkeleton />;
  if (link.isError) {
    return (
      <Alert role="alert" color="red" variant="light" title={t('explorerPreview.linkFailed')}>
        <Stack gap="xs" align="flex-start">
          {describeApiError(link.error, t)}
          <Button size="xs" variant="default" onClick={() => void link.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Suspense fallback={<PreviewSkeleton />}>
      <LazyFilePreview
        key={`${revision}:${link.data}`}
        source={mountPreviewSource(file, link.data, window.location.origin)}
        started
        remaining={null}
        onStart={noop}
        onDownload={noop}
      />
    </Suspense>
  );
}

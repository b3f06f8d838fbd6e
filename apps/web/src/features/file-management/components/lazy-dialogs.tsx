import { Modal, Skeleton, Stack } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialogs shared with the file page (preview, edit, QR) come from the file feature, which
 * brings the previews and the Markdown renderer: they load the first time one is opened,
 * never with the admin panel itself.
 */
export const LazyPreviewFileDialog = lazy(() =>
  import('./PreviewFileDialog').then((module) => ({ default: module.PreviewFileDialog })),
);

/** See LazyPreviewFileDialog. */
export const LazyEditFileDialog = lazy(() =>
  import('../../file').then((module) => ({ default: module.EditFileDialog })),
);

/** See LazyPreviewFileDialog. */
export const LazyFileQrDialog = lazy(() =>
  import('../../file').then((module) => ({ default: module.FileQrDialog })),
);

/** Stands in for a dialog while its code loads, so the click is answered at once. */
export function DialogLoading({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" role="status" aria-label={t('common.loading')}>
        <Skeleton height={24} width="60%" radius="sm" />
        <Skeleton height={160} radius="sm" />
      </Stack>
    </Modal>
  );
}

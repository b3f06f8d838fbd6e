import { Modal, Skeleton, Stack } from '@mantine/core';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The edit and preview dialogs bring CodeMirror and the Markdown renderer with them, so they
 * load the first time one is opened, never with the admin panel itself.
 */
export const LazyEditPasteDialog = lazy(() =>
  import('./EditPasteDialog').then((module) => ({ default: module.EditPasteDialog })),
);

/** See LazyEditPasteDialog. */
export const LazyPreviewDialog = lazy(() =>
  import('./PreviewDialog').then((module) => ({ default: module.PreviewDialog })),
);

/** Stands in for a dialog while its code loads, so the click is answered at once. */
export function DialogLoading({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
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

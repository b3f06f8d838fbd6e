import { Alert, Modal, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileViewer } from '../../file';
import { useIsPhone } from '../use-is-phone';
import type { FileRef } from './DeleteFilesDialog';

/**
 * A file's preview in a dialog, with the file page's own components. The server counts the
 * read like any other (there is no uncounted content endpoint), so the dialog says so.
 */
export function PreviewFileDialog({ file, onClose }: { file: FileRef; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={isPhone}
      title={t('fileManagement.preview.title', { name: file.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} py="xs">
          {t('fileManagement.preview.counted')}
        </Alert>
        <FileViewer slug={file.slug} />
      </Stack>
    </Modal>
  );
}

import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DialogFrame, type RowRef } from '../../../components/managed-list';
import { FileViewer } from '../../file';

/**
 * A file's preview in a dialog, with the file page's own components. The server counts the
 * read like any other (there is no uncounted content endpoint), so the dialog says so.
 */
export function PreviewFileDialog({ file, onClose }: { file: RowRef; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      fillPhone
      title={t('fileManagement.preview.title', { name: file.name })}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} py="xs">
          {t('fileManagement.preview.counted')}
        </Alert>
        <FileViewer slug={file.slug} />
      </Stack>
    </DialogFrame>
  );
}

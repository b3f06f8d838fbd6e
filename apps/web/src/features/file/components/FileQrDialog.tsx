import { Center, Code, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { QrCode } from '../../../components/QrCode';
import { fileShareUrl } from '../api';

/** A file's share link as a QR code, with the link written out and a copy button. */
export function FileQrDialog({
  slug,
  name,
  onClose,
}: {
  slug: string;
  /** What the dialog names: the file name. */
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const url = fileShareUrl(slug);
  return (
    <Modal
      opened
      onClose={onClose}
      size="sm"
      title={t('file.qr.title', { name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" align="stretch">
        <Center>
          <QrCode value={url} label={t('file.qr.label', { name })} size={200} />
        </Center>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <CopyValueButton
          value={url}
          label={t('file.actions.copyLink')}
          copiedLabel={t('file.qr.copied')}
          data-autofocus
        />
      </Stack>
    </Modal>
  );
}

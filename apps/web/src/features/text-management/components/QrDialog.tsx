import { Center, Code, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { QrCode } from '../../../components/QrCode';
import { pasteShareUrl } from '../../paste/api';

/** The share link of a paste as a QR code, with the link written out and a copy button. */
export function QrDialog({ slug, onClose }: { slug: string; onClose: () => void }) {
  const { t } = useTranslation();
  const url = pasteShareUrl(slug);
  return (
    <Modal
      opened
      onClose={onClose}
      size="sm"
      title={t('textManagement.qr.title', { slug })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md" align="stretch">
        <Center>
          <QrCode value={url} label={t('textManagement.qr.label', { slug })} size={200} />
        </Center>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <CopyValueButton
          value={url}
          label={t('textManagement.actions.copyLink')}
          copiedLabel={t('textManagement.qr.copied')}
          data-autofocus
        />
      </Stack>
    </Modal>
  );
}

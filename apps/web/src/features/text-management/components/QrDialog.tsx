import { Button, Center, Code, CopyButton, Modal, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={
                copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={copy}
              data-autofocus
            >
              {copied ? t('textManagement.qr.copied') : t('textManagement.actions.copyLink')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Modal>
  );
}

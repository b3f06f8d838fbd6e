import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/QrCode';
import { useCopyText } from '../view/use-copy-text';

/** The share link as a QR code, for opening the paste on a phone. */
export function QrDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = useCopyText();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('pasteView.qr.title')}
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack align="center" gap="md">
        <QrCode value={url} label={t('pasteView.qr.label')} />
        <Text size="sm" ta="center" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden />}
          onClick={() => void copy(url, t('pasteView.copy.linkDone'))}
          data-autofocus
        >
          {t('pasteView.actions.copyLink')}
        </Button>
      </Stack>
    </Modal>
  );
}

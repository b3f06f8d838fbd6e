import {
  ActionIcon,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';
import { QrCode } from '../../../components/QrCode';
import { TOUCH_TARGET_PX } from '../../../components/sizes';

/** The QR code of a link in a dialog (Esc closes it), for opening the file on a phone. */
function QrDialog({ url, name, onClose }: { url: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('upload.result.qrTitle', { name })}
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack align="center" gap="md">
        <QrCode value={url} label={t('upload.result.qr', { name })} />
        <Text size="sm" ta="center" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Text>
        <CopyValueButton
          value={url}
          label={t('upload.result.copy')}
          copiedLabel={t('upload.result.copied')}
          data-autofocus
        />
      </Stack>
    </Modal>
  );
}

/**
 * A share link with copy, QR code and open buttons; `name` makes their labels specific.
 * `compact` leaves out the text field (where a narrow column would cut the link) and the open
 * button (the name beside it is the link): the copy button copies the link whole and its
 * tooltip shows it whole.
 */
export function ShareLink({
  url,
  name,
  compact = false,
}: {
  url: string;
  name: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const copyHint = compact ? (
    <>
      {t('upload.result.copy')}
      <Text span ff="monospace" size="xs" display="block">
        {url}
      </Text>
    </>
  ) : (
    t('upload.result.copy')
  );
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {compact ? null : (
        <TextInput
          value={url}
          readOnly
          aria-label={t('upload.result.linkOf', { name })}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1, minWidth: 0 }}
          size="sm"
        />
      )}
      <CopyButton value={url} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip
            label={copied ? t('upload.result.copied') : copyHint}
            multiline
            maw={360}
            style={{ overflowWrap: 'anywhere' }}
          >
            <ActionIcon
              variant="light"
              color={copied ? 'green' : undefined}
              size={TOUCH_TARGET_PX}
              onClick={copy}
              aria-label={copied ? t('upload.result.copied') : t('upload.result.copyOf', { name })}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Tooltip label={t('upload.result.showQr')}>
        <ActionIcon
          variant="light"
          size={TOUCH_TARGET_PX}
          onClick={() => setQrOpen(true)}
          aria-label={t('upload.result.showQrOf', { name })}
        >
          <IconQrcode size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {compact ? null : (
        <Tooltip label={t('upload.result.open')}>
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size={TOUCH_TARGET_PX}
            aria-label={t('upload.result.openOf', { name })}
          >
            <IconExternalLink size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {qrOpen ? <QrDialog url={url} name={name} onClose={() => setQrOpen(false)} /> : null}
    </Group>
  );
}

import { Center, Code, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationResource } from '../../lib/i18n/resources';
import { CopyValueButton } from '../CopyValueButton';
import { QrCode } from '../QrCode';
import { DialogFrame } from './DialogFrame';

type Resource = TranslationResource;

/** The texts a share QR dialog needs under a locale prefix (`qr.*` and `actions.copyLink`). */
interface ShareQrTexts {
  qr: { title: string; label: string; copied: string };
  actions: { copyLink: string };
}

/** A locale prefix with the share QR texts, e.g. 'file'. */
export type ShareQrKeyPrefix = {
  [K in keyof Resource]: Resource[K] extends ShareQrTexts ? K : never;
}[keyof Resource];

/** A share link as a QR code, with the link written out and a copy button. */
export function ShareQrDialog({
  url,
  keys,
  naming,
  onClose,
}: {
  url: string;
  keys: ShareQrKeyPrefix;
  /** What the texts name the shared thing by: `{{name}}` or `{{slug}}`. */
  naming: { name: string; slug: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogFrame size="sm" title={t(`${keys}.qr.title`, naming)} onClose={onClose}>
      <Stack gap="md" align="stretch">
        <Center>
          <QrCode value={url} label={t(`${keys}.qr.label`, naming)} size={200} />
        </Center>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {url}
        </Code>
        <CopyValueButton
          value={url}
          label={t(`${keys}.actions.copyLink`)}
          copiedLabel={t(`${keys}.qr.copied`)}
          data-autofocus
        />
      </Stack>
    </DialogFrame>
  );
}

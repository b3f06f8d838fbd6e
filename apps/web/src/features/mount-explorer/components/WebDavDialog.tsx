import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebDavConnect, webDavIdentityOf } from '../../../components/webdav';
import { useAuth } from '../../../lib/auth';
import { webDavAddress } from '../../../lib/webdav-address';

/**
 * The WebDAV address of the folder on screen and how to connect to it, signed in as whoever
 * uses the explorer (the administrator, or the key with the key as its password).
 */
export function WebDavDialog({ path, onClose }: { path: string; onClose: () => void }) {
  const { t } = useTranslation();
  const identity = webDavIdentityOf(useAuth().session);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('explorerWebDav.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {identity ? (
        <Stack gap="sm">
          <Text size="sm">{t('explorerWebDav.intro', { path })}</Text>
          <WebDavConnect address={webDavAddress(path)} {...identity} />
        </Stack>
      ) : null}
    </Modal>
  );
}

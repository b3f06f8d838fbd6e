import { Alert, Box, Group, Modal, Stack, Text } from '@mantine/core';
import type { ApiKey } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { Cell } from '../../../components/managed-list';
import { WebDavConnect } from '../../../components/webdav';
import { webDavAddress } from '../../../lib/webdav-address';

/**
 * A key's WebDAV sign-in in its row: the address of its basic path (copyable) and its user
 * name, the key's name; a dash for a key without the mount permission, which WebDAV refuses.
 */
export function KeyWebDavCell({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  if (!apiKey.mount_permission) {
    return (
      <Text size="sm" c="dimmed" aria-hidden>
        —
      </Text>
    );
  }
  const address = webDavAddress(apiKey.basic_path);
  return (
    <Stack gap={0} miw={0} style={{ flex: 1 }} data-testid="key-webdav">
      <Group gap={4} wrap="nowrap" miw={0}>
        <Box miw={0} style={{ flex: 1 }}>
          <Cell.Truncated text={address} mono />
        </Box>
        <CopyIconButton
          value={address}
          label={t('keys.webdav.copy', { name: apiKey.name })}
          copiedLabel={t('keys.webdav.copied')}
        />
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {t('keys.webdav.signIn', { name: apiKey.name })}
      </Text>
    </Stack>
  );
}

/** How to connect with a key over WebDAV, opened from its row menu. */
export function KeyWebDavDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('keys.webdav.dialogTitle', { name: apiKey.name })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('keys.webdav.dialogIntro', { path: apiKey.basic_path })}</Text>
        {apiKey.mount_read_only ? (
          <Alert color="yellow" variant="light">
            {t('keys.webdav.readOnly')}
          </Alert>
        ) : null}
        <WebDavConnect
          address={webDavAddress(apiKey.basic_path)}
          username={apiKey.name}
          credential="apiKey"
        />
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '@pasteport/contract';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../../components/CopyValueButton';

/**
 * Shows a new key in full, the only time it is ever shown, with a copy button and the way to
 * its uploader configs (made while the key is known).
 */
export function CreatedKeyDialog({
  created,
  onClose,
  onUploaders,
}: {
  created: CreatedApiKey;
  onClose: () => void;
  onUploaders: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('keys.created.title')}
      // The key is shown only once: a stray click beside the dialog must not lose it.
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('keys.created.onceNotice')}
        </Alert>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="created-key-label">
            {t('keys.created.keyLabel', { name: created.name })}
          </Text>
          <Code
            block
            aria-labelledby="created-key-label"
            data-testid="created-key"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {created.key}
          </Code>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={onUploaders}
          >
            {t('keys.uploaders.open')}
          </Button>
          <CopyValueButton
            value={created.key}
            label={t('keys.created.copy')}
            copiedLabel={t('keys.created.copied')}
            data-autofocus
          />
          <Button variant="default" onClick={onClose}>
            {t('keys.created.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

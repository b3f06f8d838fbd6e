import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKey } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { useDeleteApiKey } from '../api';

/** Confirms deleting a key, naming it (UX.md: confirmations only for destructive actions). */
export function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteApiKey();

  async function confirm() {
    try {
      await remove.mutateAsync(apiKey.id);
      notifications.show({ color: 'green', message: t('keys.deleted', { name: apiKey.name }) });
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('keys.deleteDialog.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{t('keys.deleteDialog.message', { name: apiKey.name })}</Text>
        {remove.isError ? (
          <Alert role="alert" color="red" variant="light">
            {describeApiError(remove.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => void confirm()}>
            {t('keys.deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

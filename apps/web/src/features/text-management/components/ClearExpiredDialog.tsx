import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../lib/api';
import { useClearExpiredPastes } from '../api';

/** Confirms removing every expired paste (admin only), then says how many went. */
export function ClearExpiredDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const clear = useClearExpiredPastes();

  async function confirm() {
    try {
      const count = await clear.mutateAsync();
      notifications.show({
        color: 'green',
        message:
          count === 0
            ? t('textManagement.clearExpired.none')
            : t('textManagement.clearExpired.done', { count }),
      });
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('textManagement.clearExpired.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{t('textManagement.clearExpired.message')}</Text>
        {clear.isError ? (
          <Alert role="alert" color="red" variant="light">
            {describeApiError(clear.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={clear.isPending} onClick={() => void confirm()}>
            {t('textManagement.clearExpired.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
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
    <ConfirmDialog
      title={t('textManagement.clearExpired.title')}
      body={<Text>{t('textManagement.clearExpired.message')}</Text>}
      confirmLabel={t('textManagement.clearExpired.confirm')}
      pending={clear.isPending}
      error={clear.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useClearCache } from '../api';

/** Asks before clearing every cache, then says how many entries were dropped. */
export function ClearCacheDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const clear = useClearCache();

  async function confirm() {
    try {
      const { cleared } = await clear.mutateAsync({});
      notifications.show({
        color: 'green',
        message: t('dashboard.cache.cleared', { count: cleared }),
      });
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  return (
    <ConfirmDialog
      title={t('dashboard.cache.clearDialog.title')}
      body={<Text>{t('dashboard.cache.clearDialog.message')}</Text>}
      confirmLabel={t('dashboard.cache.clearDialog.confirm')}
      color="orange"
      pending={clear.isPending}
      error={clear.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

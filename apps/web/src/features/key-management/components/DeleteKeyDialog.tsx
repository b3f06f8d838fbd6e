import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKey } from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
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
    <ConfirmDialog
      title={t('keys.deleteDialog.title')}
      body={<Text>{t('keys.deleteDialog.message', { name: apiKey.name })}</Text>}
      confirmLabel={t('keys.deleteDialog.confirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

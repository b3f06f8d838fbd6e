import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  STORAGE_CONFIG_DELETE_CONFLICTS,
  type StorageConfig,
  type StorageConfigDeleteConflict,
} from '@pasteport/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isApiError } from '../../../lib/api';
import { useDeleteStorageConfig } from '../api';

/** Why the server refused the delete (409 `details[0].rule`), when it did. */
function conflictOf(error: unknown): StorageConfigDeleteConflict | undefined {
  if (!isApiError(error) || error.code !== 'CONFLICT') return undefined;
  const rule = error.details?.[0]?.rule;
  return (STORAGE_CONFIG_DELETE_CONFLICTS as readonly (string | undefined)[]).includes(rule)
    ? (rule as StorageConfigDeleteConflict)
    : undefined;
}

/**
 * Confirms deleting a config. A refusal is explained in words that say what to do: move the
 * default elsewhere, delete the files still on it (counted from the refreshed list), or the
 * mount points showing it.
 */
export function DeleteConfigDialog({
  config,
  onClose,
}: {
  config: StorageConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteStorageConfig();
  const conflict = conflictOf(remove.error);

  async function confirm() {
    try {
      await remove.mutateAsync(config.id);
      notifications.show({
        color: 'green',
        message: t('storageConfig.deleted', { name: config.name }),
      });
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  const refusal =
    conflict === 'is_default'
      ? t('storageConfig.deleteDialog.isDefault', { name: config.name })
      : conflict === 'in_use'
        ? t('storageConfig.deleteDialog.inUse', {
            name: config.name,
            count: Math.max(config.file_count, 1),
          })
        : conflict === 'mounted'
          ? t('storageConfig.deleteDialog.mounted', { name: config.name })
          : undefined;

  return (
    <ConfirmDialog
      title={t('storageConfig.deleteDialog.title')}
      body={
        <>
          <Text>{t('storageConfig.deleteDialog.message', { name: config.name })}</Text>
          {refusal ? (
            <Alert role="alert" color="orange" variant="light">
              {refusal}
            </Alert>
          ) : null}
        </>
      }
      confirmLabel={t('storageConfig.deleteDialog.confirm')}
      pending={remove.isPending}
      error={refusal ? null : remove.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

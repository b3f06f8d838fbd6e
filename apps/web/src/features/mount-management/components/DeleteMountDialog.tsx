import { Alert, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mount } from '@pasteport/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeleteMount } from '../api';
import { mountStorageName } from './MountTable';

/**
 * Confirms deleting a mount point, saying plainly that the files it shows stay in their
 * storage (the server never touches the storage when a mount goes).
 */
export function DeleteMountDialog({ mount, onClose }: { mount: Mount; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteMount();
  const storage = mountStorageName(mount, t) ?? t('mountManagement.storageMissing');

  async function confirm() {
    try {
      await remove.mutateAsync(mount.id);
      notifications.show({
        color: 'green',
        message: t('mountManagement.deleted', { name: mount.name }),
      });
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  return (
    <ConfirmDialog
      title={t('mountManagement.deleteDialog.title')}
      body={
        <>
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('mountManagement.deleteDialog.message', {
              name: mount.name,
              path: mount.mount_path,
            })}
          </Text>
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            data-testid="mount-files-kept"
          >
            {t('mountManagement.deleteDialog.filesKept', { storage })}
          </Alert>
        </>
      }
      confirmLabel={t('mountManagement.deleteDialog.confirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

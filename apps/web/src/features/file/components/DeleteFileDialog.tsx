import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dropCopy } from '../../../lib/offline-copies';
import { deleteFile, type FileScope } from '../api';

export interface DeleteFileDialogProps {
  name: string;
  /** The shown file's slug, whose offline copy goes with it. */
  slug: string;
  scope: FileScope;
  manageId: string;
  onClose: () => void;
}

/** Confirms deleting the shown file, naming it; on success says so and goes Home. */
export function DeleteFileDialog({ name, slug, scope, manageId, onClose }: DeleteFileDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useMutation({ mutationFn: () => deleteFile(scope, manageId) });

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        // Its offline copy would otherwise outlive it on this device.
        void dropCopy('files', slug);
        notifications.show({ color: 'green', message: t('file.delete.done', { name }) });
        void navigate('/');
      },
    });
  }

  return (
    <ConfirmDialog
      title={t('file.delete.title')}
      body={<Text style={{ overflowWrap: 'anywhere' }}>{t('file.delete.message', { name })}</Text>}
      confirmLabel={t('file.delete.confirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

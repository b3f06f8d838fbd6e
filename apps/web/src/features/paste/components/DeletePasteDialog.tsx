import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { dropCopy } from '../../../lib/offline-copies';
import { deletePaste, type PasteScope } from '../api';

export interface DeletePasteDialogProps {
  slug: string;
  scope: PasteScope;
  manageId: string;
  onClose: () => void;
}

/** Confirms deleting the paste, naming it; on success says so and goes Home. */
export function DeletePasteDialog({ slug, scope, manageId, onClose }: DeletePasteDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useMutation({ mutationFn: () => deletePaste(scope, manageId) });

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        // Its offline copy would otherwise outlive it on this device.
        void dropCopy('pastes', slug);
        notifications.show({ color: 'green', message: t('pasteView.delete.done', { slug }) });
        void navigate('/');
      },
    });
  }

  return (
    <ConfirmDialog
      title={t('pasteView.delete.title')}
      body={
        <Text style={{ overflowWrap: 'anywhere' }}>{t('pasteView.delete.message', { slug })}</Text>
      }
      confirmLabel={t('pasteView.delete.confirm')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeApiError } from '../../../lib/api';
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
        notifications.show({ color: 'green', message: t('pasteView.delete.done', { slug }) });
        void navigate('/');
      },
    });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('pasteView.delete.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>{t('pasteView.delete.message', { slug })}</Text>
        {remove.isError ? (
          <Alert role="alert" color="red" variant="light">
            {describeApiError(remove.error, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {t('pasteView.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

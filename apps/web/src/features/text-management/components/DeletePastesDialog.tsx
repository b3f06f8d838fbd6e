import { Code, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { PasteScope } from '../../paste/api';
import { useDeletePaste, useDeletePastes } from '../api';

/** How many slugs the batch confirmation names before "and N more". */
export const SLUGS_NAMED = 5;

/** A paste to delete, by the id to call and the slug to name. */
export interface PasteRef {
  id: string;
  slug: string;
}

/**
 * Confirms deleting one paste (DELETE …/{id}) or several (batch-delete), naming the slugs
 * (UX.md: confirmations name what is deleted). `onDeleted` gets the ids that were sent.
 */
export function DeletePastesDialog({
  scope,
  pastes,
  onClose,
  onDeleted,
}: {
  scope: PasteScope;
  pastes: readonly PasteRef[];
  onClose: () => void;
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const removeOne = useDeletePaste(scope);
  const removeMany = useDeletePastes(scope);
  const single = pastes.length === 1 ? pastes[0] : undefined;
  const mutation = single ? removeOne : removeMany;
  const ids = pastes.map((paste) => paste.id);

  async function confirm() {
    try {
      if (single) {
        await removeOne.mutateAsync(single.id);
        notifications.show({
          color: 'green',
          message: t('textManagement.deleted', { slug: single.slug }),
        });
      } else {
        const count = await removeMany.mutateAsync(ids);
        notifications.show({ color: 'green', message: t('textManagement.deletedMany', { count }) });
      }
      onDeleted(ids);
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  const named = pastes.slice(0, SLUGS_NAMED);
  const more = pastes.length - named.length;

  return (
    <ConfirmDialog
      title={
        single
          ? t('textManagement.deleteDialog.title')
          : t('textManagement.deleteDialog.batchTitle', { count: pastes.length })
      }
      body={
        single ? (
          <Text>{t('textManagement.deleteDialog.message', { slug: single.slug })}</Text>
        ) : (
          <>
            <Text>{t('textManagement.deleteDialog.batchMessage', { count: pastes.length })}</Text>
            <List size="sm" spacing={4} data-testid="slugs-to-delete">
              {named.map((paste) => (
                <List.Item key={paste.id}>
                  <Code>{paste.slug}</Code>
                </List.Item>
              ))}
            </List>
            {more > 0 ? (
              <Text size="sm" c="dimmed">
                {t('textManagement.deleteDialog.more', { count: more })}
              </Text>
            ) : null}
          </>
        )
      }
      confirmLabel={
        single
          ? t('textManagement.deleteDialog.confirm')
          : t('textManagement.deleteDialog.confirmBatch', { count: pastes.length })
      }
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

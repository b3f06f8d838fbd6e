import { Code, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { FileScope } from '../../file/api';
import { useDeleteFile, useDeleteFiles } from '../api';

/** How many names the batch confirmation lists before "and N more". */
export const NAMES_LISTED = 5;

/** A file to delete, by the id to call and the name to show. */
export interface FileRef {
  id: string;
  slug: string;
  name: string;
}

/**
 * Confirms deleting one file (DELETE …/{id}) or several (batch-delete), naming them (UX.md:
 * confirmations name what is deleted). `onDeleted` gets the ids that were sent.
 */
export function DeleteFilesDialog({
  scope,
  files,
  onClose,
  onDeleted,
}: {
  scope: FileScope;
  files: readonly FileRef[];
  onClose: () => void;
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const removeOne = useDeleteFile(scope);
  const removeMany = useDeleteFiles(scope);
  const single = files.length === 1 ? files[0] : undefined;
  const mutation = single ? removeOne : removeMany;
  const ids = files.map((file) => file.id);

  async function confirm() {
    try {
      if (single) {
        await removeOne.mutateAsync(single.id);
        notifications.show({
          color: 'green',
          message: t('fileManagement.deleted', { name: single.name }),
        });
      } else {
        const count = await removeMany.mutateAsync(ids);
        notifications.show({ color: 'green', message: t('fileManagement.deletedMany', { count }) });
      }
      onDeleted(ids);
      onClose();
    } catch {
      // The failure is shown in the dialog from the mutation's state.
    }
  }

  const listed = files.slice(0, NAMES_LISTED);
  const more = files.length - listed.length;
  return (
    <ConfirmDialog
      title={
        single
          ? t('fileManagement.deleteDialog.title')
          : t('fileManagement.deleteDialog.batchTitle', { count: files.length })
      }
      body={
        single ? (
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t('fileManagement.deleteDialog.message', { name: single.name })}
          </Text>
        ) : (
          <>
            <Text>{t('fileManagement.deleteDialog.batchMessage', { count: files.length })}</Text>
            <List size="sm" spacing={4} data-testid="files-to-delete">
              {listed.map((file) => (
                <List.Item key={file.id} style={{ overflowWrap: 'anywhere' }}>
                  {file.name} <Code>{file.slug}</Code>
                </List.Item>
              ))}
            </List>
            {more > 0 ? (
              <Text size="sm" c="dimmed">
                {t('fileManagement.deleteDialog.more', { count: more })}
              </Text>
            ) : null}
          </>
        )
      }
      confirmLabel={
        single
          ? t('fileManagement.deleteDialog.confirm')
          : t('fileManagement.deleteDialog.confirmBatch', { count: files.length })
      }
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

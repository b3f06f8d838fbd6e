import { List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { useListKeys } from './list-keys';
import { namingOf, type RowRef } from './selection';

/** How many rows the batch confirmation names before "and N more". */
export const ROWS_NAMED = 5;

/** How a feature deletes rows: one (DELETE …/{id}) or several (batch-delete → how many). */
export interface DeleteRows {
  one: (id: string) => Promise<unknown>;
  many: (ids: readonly string[]) => Promise<number>;
}

/** How the batch confirmation lists the rows it names. */
export interface DeleteList {
  /** data-testid of the list. */
  testId: string;
  renderItem: (row: RowRef) => ReactNode;
}

/**
 * Confirms deleting one row or several, naming them (UX.md: confirmations name what is
 * deleted). The attempt's state is the dialog's own, so it opens without an old failure.
 * `onDeleted` gets the ids that were sent.
 */
export function BatchDeleteDialog({
  rows,
  remove,
  list,
  onClose,
  onDeleted,
}: {
  rows: readonly RowRef[];
  remove: DeleteRows;
  list: DeleteList;
  onClose: () => void;
  onDeleted: (ids: readonly string[]) => void;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  const single = rows.length === 1 ? rows[0] : undefined;
  const ids = rows.map((row) => row.id);
  const deletion = useMutation({
    // Resolves to the message that says what was deleted.
    mutationFn: async () => {
      if (single) {
        await remove.one(single.id);
        return t(`${keys}.deleted`, namingOf(single));
      }
      return t(`${keys}.deletedMany`, { count: await remove.many(ids) });
    },
    onSuccess: (message) => {
      notifications.show({ color: 'green', message });
      onDeleted(ids);
      onClose();
    },
  });

  const named = rows.slice(0, ROWS_NAMED);
  const more = rows.length - named.length;
  return (
    <ConfirmDialog
      title={
        single
          ? t(`${keys}.deleteDialog.title`)
          : t(`${keys}.deleteDialog.batchTitle`, { count: rows.length })
      }
      body={
        single ? (
          <Text style={{ overflowWrap: 'anywhere' }}>
            {t(`${keys}.deleteDialog.message`, namingOf(single))}
          </Text>
        ) : (
          <>
            <Text>{t(`${keys}.deleteDialog.batchMessage`, { count: rows.length })}</Text>
            <List size="sm" spacing={4} data-testid={list.testId}>
              {named.map((row) => (
                <List.Item key={row.id} style={{ overflowWrap: 'anywhere' }}>
                  {list.renderItem(row)}
                </List.Item>
              ))}
            </List>
            {more > 0 ? (
              <Text size="sm" c="dimmed">
                {t(`${keys}.deleteDialog.more`, { count: more })}
              </Text>
            ) : null}
          </>
        )
      }
      confirmLabel={
        single
          ? t(`${keys}.deleteDialog.confirm`)
          : t(`${keys}.deleteDialog.confirmBatch`, { count: rows.length })
      }
      pending={deletion.isPending}
      error={deletion.error}
      onConfirm={() => deletion.mutate()}
      onClose={onClose}
    />
  );
}

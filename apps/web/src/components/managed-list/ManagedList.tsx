import { Box, Button, EmptyState, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../LoadFailedAlert';
import { LoadingRows } from '../LoadingRows';
import { BatchDeleteDialog, type DeleteRows } from './BatchDeleteDialog';
import { ListFooter } from './ListFooter';
import type { ListKind, RowAction, RowDialogKind } from './list-kind';
import { ListKeysContext } from './list-keys';
import { ListRows } from './ListRows';
import { ListSearch } from './ListSearch';
import { RowMenu } from './RowMenu';
import { namingOf, toggled, without, type RowRef } from './selection';
import type { ListQuery } from './use-list-query';
import { useIsPhone } from './use-is-phone';

/** What the list reads of the page query (TanStack's query result fits). */
export interface ListPageResult<Row> {
  data: { items: readonly Row[]; total: number } | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  /** When the page was loaded: "now" for expiry badges and relative times. */
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
}

/** The dialog a managed list has open, one at a time: a row's own, or deleting some rows. */
type ListDialog =
  { kind: RowDialogKind; row: RowRef } | { kind: 'delete'; rows: readonly RowRef[] };

/** What each of a row's own dialogs shows; `onClose` closes it. */
export type RowDialogs = Record<RowDialogKind, (row: RowRef, onClose: () => void) => ReactNode>;

/**
 * The scaffold of an admin listing (files, pastes): search, the rows as a table or as cards
 * on a phone, paging, selection with batch delete, the row menu and its dialogs. The feature
 * brings what tells its rows apart (`kind`), the page query, how to delete and its dialogs.
 */
export function ManagedList<Row extends { id: string; slug: string }, Size extends number>({
  kind,
  scope,
  query,
  list,
  remove,
  rowDialogs,
  toolbar,
}: {
  kind: ListKind<Row>;
  /** The admin sees every row; a key user only its own (the empty list says so). */
  scope: 'admin' | 'user';
  query: ListQuery<Size>;
  list: ListPageResult<Row>;
  remove: DeleteRows;
  rowDialogs: RowDialogs;
  /** More buttons beside "Delete selected". */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const { keys, refOf } = kind;
  const { selected, select, term } = query;
  const [dialog, setDialog] = useState<ListDialog>();
  const close = () => setDialog(undefined);
  const data = list.data;

  function copyLink(row: RowRef) {
    // navigator.clipboard is missing on insecure origins: the TypeError lands in the catch.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(kind.shareUrlOf(row.slug)))
      .then(
        () =>
          notifications.show({ color: 'green', message: t(`${keys}.linkCopied`, namingOf(row)) }),
        () => notifications.show({ color: 'red', message: t(`${keys}.copyFailed`) }),
      );
  }

  function act(action: RowAction, row: RowRef) {
    if (action === 'copyLink') copyLink(row);
    else if (action === 'delete') setDialog({ kind: 'delete', rows: [row] });
    else setDialog({ kind: action, row });
  }

  const loadFailed = (
    <LoadFailedAlert
      title={t(`${keys}.loadFailed`)}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  );

  let body;
  if (list.isPending) body = <LoadingRows rows={5} />;
  else if (list.isError && !data) body = loadFailed;
  else if (!data || data.items.length === 0) {
    body = term ? (
      <EmptyState
        icon={<IconSearch size={32} stroke={1.5} aria-hidden />}
        title={t(`${keys}.noMatches.title`, { search: term })}
        description={t(`${keys}.noMatches.description`)}
      />
    ) : (
      <EmptyState
        icon={<kind.emptyIcon size={32} stroke={1.5} aria-hidden />}
        title={t(`${keys}.empty.title`)}
        description={
          scope === 'admin' ? t(`${keys}.empty.description`) : t(`${keys}.empty.descriptionKey`)
        }
      />
    );
  } else {
    const items = data.items;
    body = (
      <Stack gap="md">
        {list.isError ? loadFailed : null}
        <Box
          aria-busy={list.isFetching || undefined}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <ListRows
            kind={kind}
            rows={items}
            now={list.dataUpdatedAt}
            selected={new Set(selected.keys())}
            onToggle={(row, checked) => select(toggled(selected, [refOf(row)], checked))}
            onToggleAll={(checked) => select(toggled(selected, items.map(refOf), checked))}
            renderMenu={(row) => (
              <RowMenu
                row={refOf(row)}
                href={kind.pathOf(row.slug)}
                items={kind.menu}
                onAction={(action) => act(action, refOf(row))}
              />
            )}
          />
        </Box>
        <ListFooter
          total={data.total}
          page={query.page}
          pageSize={query.pageSize}
          pageSizes={query.pageSizes}
          onPage={query.goTo}
          onPageSize={query.setPageSize}
          compact={isPhone}
          testId={`${kind.testIdPrefix}-total`}
        />
      </Stack>
    );
  }

  return (
    <ListKeysContext value={keys}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <ListSearch value={query.searchInput} onChange={query.setSearchInput} />
          {selected.size > 0 || toolbar ? (
            <Group gap="sm">
              {selected.size > 0 ? (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setDialog({ kind: 'delete', rows: [...selected.values()] })}
                >
                  {t(`${keys}.selection.deleteSelected`, { count: selected.size })}
                </Button>
              ) : null}
              {toolbar}
            </Group>
          ) : null}
        </Group>
        {body}
        {dialog?.kind === 'delete' ? (
          <BatchDeleteDialog
            rows={dialog.rows}
            remove={remove}
            list={kind.deleteList}
            onClose={close}
            onDeleted={(ids) => select(without(selected, ids))}
          />
        ) : null}
        {dialog && dialog.kind !== 'delete' ? rowDialogs[dialog.kind](dialog.row, close) : null}
      </Stack>
    </ListKeysContext>
  );
}

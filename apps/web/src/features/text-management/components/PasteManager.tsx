import { Box, Button, EmptyState, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { PasteSummary } from '@pasteport/contract';
import { IconClockX, IconFileText, IconSearch, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { pasteShareUrl, type PasteScope } from '../../paste/api';
import { usePasteList } from '../api';
import {
  pageCount,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  searchStateOf,
  type PageSize,
} from '../list-query';
import { useIsPhone } from '../use-is-phone';
import { ClearExpiredDialog } from './ClearExpiredDialog';
import { DeletePastesDialog, type PasteRef } from './DeletePastesDialog';
import { DialogLoading, LazyEditPasteDialog, LazyPreviewDialog } from './lazy-dialogs';
import type { PasteAction } from './PasteActionsMenu';
import { PasteCards } from './PasteCards';
import { PasteListFooter } from './PasteListFooter';
import { PasteSearch } from './PasteSearch';
import { PasteTable } from './PasteTable';
import { QrDialog } from './QrDialog';

/** Which dialog is open; one at a time. */
type Dialog =
  | { kind: 'preview' | 'qr' | 'edit'; paste: PasteRef }
  | { kind: 'delete'; pastes: PasteRef[] }
  | { kind: 'clearExpired' };

const refOf = ({ id, slug }: PasteSummary): PasteRef => ({ id, slug });

/**
 * The listing of one scope with search, paging, selection and the dialogs. Page and selection
 * are derived from what they were chosen for (search, page size, page), so a new search starts
 * on page 1 and a new page starts with nothing selected, without extra requests.
 */
export function PasteManager({ scope }: { scope: PasteScope }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const search = searchStateOf(debouncedSearch);
  const term = search.kind === 'term' ? search.term : undefined;
  const [pageSize, setPageSize] = useState<PageSize>(PAGE_SIZES[0]);

  const listKey = `${term ?? ''}\u0000${pageSize}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const goTo = (next: number) => setPaging({ key: listKey, page: next });

  const viewKey = `${listKey}\u0000${page}`;
  const [selection, setSelection] = useState({ key: viewKey, items: new Map<string, PasteRef>() });
  const selected = selection.key === viewKey ? selection.items : new Map<string, PasteRef>();
  const select = (items: Map<string, PasteRef>) => setSelection({ key: viewKey, items });

  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const list = usePasteList(scope, { page, limit: pageSize, search: term });
  const data = list.data;
  // Deleting the last rows of the last page leaves it empty: step back to the new last page.
  if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && page > 1) {
    goTo(pageCount(data.total, pageSize));
  }

  function toggle(paste: PasteSummary, checked: boolean) {
    const next = new Map(selected);
    if (checked) next.set(paste.id, refOf(paste));
    else next.delete(paste.id);
    select(next);
  }

  function toggleAll(checked: boolean) {
    const next = new Map(selected);
    for (const paste of data?.items ?? []) {
      if (checked) next.set(paste.id, refOf(paste));
      else next.delete(paste.id);
    }
    select(next);
  }

  function forget(ids: readonly string[]) {
    const next = new Map(selected);
    for (const id of ids) next.delete(id);
    select(next);
  }

  function copyLink(slug: string) {
    navigator.clipboard.writeText(pasteShareUrl(slug)).then(
      () =>
        notifications.show({ color: 'green', message: t('textManagement.linkCopied', { slug }) }),
      () => notifications.show({ color: 'red', message: t('textManagement.copyFailed') }),
    );
  }

  function act(action: PasteAction, paste: PasteSummary) {
    if (action === 'copyLink') copyLink(paste.slug);
    else if (action === 'delete') setDialog({ kind: 'delete', pastes: [refOf(paste)] });
    else setDialog({ kind: action, paste: refOf(paste) });
  }

  let body;
  if (list.isPending) body = <LoadingRows rows={5} />;
  else if (list.isError && !data) {
    body = (
      <LoadFailedAlert
        title={t('textManagement.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = term ? (
      <EmptyState
        icon={<IconSearch size={32} stroke={1.5} aria-hidden />}
        title={t('textManagement.noMatches.title', { search: term })}
        description={t('textManagement.noMatches.description')}
      />
    ) : (
      <EmptyState
        icon={<IconFileText size={32} stroke={1.5} aria-hidden />}
        title={t('textManagement.empty.title')}
        description={
          scope === 'admin'
            ? t('textManagement.empty.description')
            : t('textManagement.empty.descriptionKey')
        }
      />
    );
  } else {
    const View = isPhone ? PasteCards : PasteTable;
    body = (
      <Stack gap="md">
        {list.isError ? (
          <LoadFailedAlert
            title={t('textManagement.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        <Box
          aria-busy={list.isFetching || undefined}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <View
            pastes={data.items}
            now={list.dataUpdatedAt}
            showCreator={scope === 'admin'}
            selected={new Set(selected.keys())}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onAction={act}
          />
        </Box>
        <PasteListFooter
          total={data.total}
          page={page}
          pageSize={pageSize}
          onPage={goTo}
          onPageSize={setPageSize}
          compact={isPhone}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <PasteSearch value={searchInput} onChange={setSearchInput} />
        <Group gap="sm">
          {selected.size > 0 ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setDialog({ kind: 'delete', pastes: [...selected.values()] })}
            >
              {t('textManagement.selection.deleteSelected', { count: selected.size })}
            </Button>
          ) : null}
          {scope === 'admin' ? (
            <Button
              variant="default"
              leftSection={<IconClockX size={18} aria-hidden />}
              onClick={() => setDialog({ kind: 'clearExpired' })}
            >
              {t('textManagement.clearExpired.button')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {body}
      {dialog?.kind === 'preview' ? (
        <Suspense
          fallback={
            <DialogLoading
              title={t('textManagement.preview.title', { slug: dialog.paste.slug })}
              onClose={close}
            />
          }
        >
          <LazyPreviewDialog scope={scope} paste={dialog.paste} onClose={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'qr' ? <QrDialog slug={dialog.paste.slug} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? (
        <Suspense
          fallback={
            <DialogLoading
              title={t('textManagement.form.title', { slug: dialog.paste.slug })}
              onClose={close}
            />
          }
        >
          <LazyEditPasteDialog scope={scope} paste={dialog.paste} onClose={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeletePastesDialog
          scope={scope}
          pastes={dialog.pastes}
          onClose={close}
          onDeleted={forget}
        />
      ) : null}
      {dialog?.kind === 'clearExpired' ? <ClearExpiredDialog onClose={close} /> : null}
    </Stack>
  );
}

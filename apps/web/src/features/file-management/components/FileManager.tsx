import { Box, Button, EmptyState, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { FileDetail } from '@pasteport/contract';
import { IconFiles, IconSearch, IconTrash } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert';
import { LoadingRows } from '../../../components/LoadingRows';
import { fileShareUrl, type FileScope } from '../../file/api';
import { useFileList } from '../api';
import {
  DEFAULT_PAGE_SIZE,
  offsetOf,
  pageCount,
  SEARCH_DEBOUNCE_MS,
  searchStateOf,
  type PageSize,
} from '../list-query';
import { useIsPhone } from '../use-is-phone';
import { DeleteFilesDialog, type FileRef } from './DeleteFilesDialog';
import type { FileAction } from './FileActionsMenu';
import { FileCards } from './FileCards';
import { FileListFooter } from './FileListFooter';
import { FileSearch } from './FileSearch';
import { FileTable } from './FileTable';
import {
  DialogLoading,
  LazyEditFileDialog,
  LazyFileQrDialog,
  LazyPreviewFileDialog,
} from './lazy-dialogs';

/** Which dialog is open; one at a time. */
type Dialog =
  { kind: 'preview' | 'qr' | 'edit'; file: FileRef } | { kind: 'delete'; files: FileRef[] };

const refOf = ({ id, slug, filename }: FileDetail): FileRef => ({ id, slug, name: filename });

/**
 * The file listing of one scope with search, paging, selection and the dialogs. Page and
 * selection are derived from what they were chosen for (search, page size, page), so a new
 * search starts on page 1 and a new page starts with nothing selected, without extra requests.
 */
export function FileManager({ scope }: { scope: FileScope }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const search = searchStateOf(debouncedSearch);
  const term = search.kind === 'term' ? search.term : undefined;
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);

  const listKey = `${term ?? ''}\u0000${pageSize}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const goTo = (next: number) => setPaging({ key: listKey, page: next });

  const viewKey = `${listKey}\u0000${page}`;
  const [selection, setSelection] = useState({ key: viewKey, items: new Map<string, FileRef>() });
  const selected = selection.key === viewKey ? selection.items : new Map<string, FileRef>();
  const select = (items: Map<string, FileRef>) => setSelection({ key: viewKey, items });

  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);

  const list = useFileList(scope, {
    limit: pageSize,
    offset: offsetOf(page, pageSize),
    search: term,
  });
  const data = list.data;
  // Deleting the last rows of the last page leaves it empty: step back to the new last page.
  if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && page > 1) {
    goTo(pageCount(data.total, pageSize));
  }

  function toggle(file: FileDetail, checked: boolean) {
    const next = new Map(selected);
    if (checked) next.set(file.id, refOf(file));
    else next.delete(file.id);
    select(next);
  }

  function toggleAll(checked: boolean) {
    const next = new Map(selected);
    for (const file of data?.items ?? []) {
      if (checked) next.set(file.id, refOf(file));
      else next.delete(file.id);
    }
    select(next);
  }

  function forget(ids: readonly string[]) {
    const next = new Map(selected);
    for (const id of ids) next.delete(id);
    select(next);
  }

  function copyLink(file: FileDetail) {
    // navigator.clipboard is missing on insecure origins: the TypeError lands in the catch.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(fileShareUrl(file.slug)))
      .then(
        () =>
          notifications.show({
            color: 'green',
            message: t('fileManagement.linkCopied', { name: file.filename }),
          }),
        () => notifications.show({ color: 'red', message: t('fileManagement.copyFailed') }),
      );
  }

  function act(action: FileAction, file: FileDetail) {
    if (action === 'copyLink') copyLink(file);
    else if (action === 'delete') setDialog({ kind: 'delete', files: [refOf(file)] });
    else setDialog({ kind: action, file: refOf(file) });
  }

  let body;
  if (list.isPending) body = <LoadingRows rows={5} />;
  else if (list.isError && !data) {
    body = (
      <LoadFailedAlert
        title={t('fileManagement.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!data || data.items.length === 0) {
    body = term ? (
      <EmptyState
        icon={<IconSearch size={32} stroke={1.5} aria-hidden />}
        title={t('fileManagement.noMatches.title', { search: term })}
        description={t('fileManagement.noMatches.description')}
      />
    ) : (
      <EmptyState
        icon={<IconFiles size={32} stroke={1.5} aria-hidden />}
        title={t('fileManagement.empty.title')}
        description={
          scope === 'admin'
            ? t('fileManagement.empty.description')
            : t('fileManagement.empty.descriptionKey')
        }
      />
    );
  } else {
    const View = isPhone ? FileCards : FileTable;
    body = (
      <Stack gap="md">
        {list.isError ? (
          <LoadFailedAlert
            title={t('fileManagement.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        <Box
          aria-busy={list.isFetching || undefined}
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <View
            files={data.items}
            now={list.dataUpdatedAt}
            selected={new Set(selected.keys())}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onAction={act}
          />
        </Box>
        <FileListFooter
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
        <FileSearch value={searchInput} onChange={setSearchInput} />
        {selected.size > 0 ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'delete', files: [...selected.values()] })}
          >
            {t('fileManagement.selection.deleteSelected', { count: selected.size })}
          </Button>
        ) : null}
      </Group>
      {body}
      {dialog?.kind === 'preview' ? (
        <Suspense
          fallback={
            <DialogLoading
              title={t('fileManagement.preview.title', { name: dialog.file.name })}
              onClose={close}
            />
          }
        >
          <LazyPreviewFileDialog file={dialog.file} onClose={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'qr' ? (
        <Suspense
          fallback={
            <DialogLoading title={t('file.qr.title', { name: dialog.file.name })} onClose={close} />
          }
        >
          <LazyFileQrDialog slug={dialog.file.slug} name={dialog.file.name} onClose={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'edit' ? (
        <Suspense
          fallback={
            <DialogLoading
              title={t('file.edit.title', { name: dialog.file.name })}
              onClose={close}
            />
          }
        >
          <LazyEditFileDialog
            scope={scope}
            id={dialog.file.id}
            name={dialog.file.name}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteFilesDialog scope={scope} files={dialog.files} onClose={close} onDeleted={forget} />
      ) : null}
    </Stack>
  );
}

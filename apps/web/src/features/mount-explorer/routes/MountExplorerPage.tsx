import type { FsItem } from '@pasteport/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { OfflineCopyNotice } from '../../../components/offline-data';
import { PageTitle } from '../../../components/PageTitle';
import { maySignedInShareFiles, useAuth } from '../../../lib/auth';
import { BasketButton } from '../basket';
import { SelectionBar } from '../actions/SelectionBar';
import { useExplorerActions } from '../actions/use-explorer-actions';
import { EntryGrid } from '../components/EntryGrid';
import { Lightbox } from '../components/Lightbox';
import { isImage } from '../components/Thumbnail';
import { EntryList } from '../components/EntryList';
import { ExplorerBreadcrumbs } from '../components/ExplorerBreadcrumbs';
import { ExplorerToolbar } from '../components/ExplorerToolbar';
import { FilePanel } from '../components/FilePanel';
import { WebDavDialog } from '../components/WebDavDialog';
import {
  ListingEmpty,
  ListingError,
  ListingLoading,
  SignInToBrowse,
} from '../components/ListingState';
import { DEFAULT_SORT, type SortOrder } from '../listing/entries';
import { useListing } from '../listing/use-listing';
import { ExplorerSearch } from '../search/ExplorerSearch';
import { readViewMode, writeViewMode, type ViewMode } from '../listing/view-mode';
import { childPath, explorerHref, mountLocation } from '../location';
import {
  clearSelection,
  clickSelect,
  moveFocus,
  NO_SELECTION,
  pruneSelection,
  selectAll,
  type ClickModifiers,
  type ListingKeyAction,
  type Selection,
} from '../selection/selection-model';
import { DropTarget } from '../upload/DropTarget';
import { UploadButton } from '../upload/UploadButton';
import { UploadPanel } from '../upload/UploadPanel';
import { useExplorerUploads } from '../upload/use-explorer-uploads';
import type { PickedFile } from '../upload/picked-files';
import { useEntryMenu } from './use-entry-menu';

/**
 * The mount browser (SPEC §2 /mount-explorer/{path...}?preview=): the URL is the state — the
 * folder in the path, the previewed file in `?preview=` — so back, forward and a copied link
 * all land in the same place. Selection belongs to the folder it was made in.
 */
export function MountExplorerPage() {
  const { t } = useTranslation();
  const { session } = useAuth();
  if (session.type === 'none') {
    return (
      <Stack gap="sm">
        <PageTitle title={t('mountExplorer.title')} />
        <SignInToBrowse />
      </Stack>
    );
  }
  return <Explorer />;
}

/** A click with no modifier: the clicked entry becomes the whole selection. */
const PLAIN_CLICK: ClickModifiers = { toggle: false, range: false };

function Explorer() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { session } = useAuth();
  const { path, preview } = mountLocation(params['*'], search);
  const basicPath = session.type === 'apikey' ? session.info.basic_path : '/';

  const [view, setView] = useState<ViewMode>(readViewMode);
  const [order, setOrder] = useState<SortOrder>(DEFAULT_SORT);
  const [filter, setFilter] = useState('');
  const listing = useListing(path, order, filter);
  const { query, entries } = listing;
  const writable = listing.folder?.writable ?? false;

  // The selection of this folder only: another folder starts with none.
  const [picked, setPicked] = useState<{ path: string; selection: Selection }>({
    path,
    selection: NO_SELECTION,
  });
  const shown = entries.map((entry) => entry.path);
  const selection = pruneSelection(
    picked.path === path ? picked.selection : NO_SELECTION,
    new Set(shown),
  );
  const setSelection = (next: Selection) => setPicked({ path, selection: next });
  const selected = entries.filter((entry) => selection.keys.has(entry.path));
  const actions = useExplorerActions(path, () => setSelection(NO_SELECTION));
  const { uploads, snapshot: uploadState } = useExplorerUploads();
  const upload = (folder: string, files: PickedFile[]) => void uploads.add(folder, files);

  const hrefOf = (item: FsItem) =>
    item.isDirectory ? explorerHref(childPath(path, item.name)) : explorerHref(path, item.name);
  const menu = useEntryMenu({
    selected,
    selectOnly: (item) => setSelection(clickSelect(NO_SELECTION, item.path, shown, PLAIN_CLICK)),
    writable,
    canShare: maySignedInShareFiles(session),
    actions,
    hrefOf,
    previewHrefOf: (item) => explorerHref(path, item.name),
  });
  const images = view === 'list' ? [] : entries.filter(isImage);
  const [shownImage, setShownImage] = useState<number | null>(null);
  const [webDavOpen, setWebDavOpen] = useState(false);
  const changeView = (next: ViewMode) => {
    setView(next);
    writeViewMode(next);
  };
  const onSelect = (item: FsItem, modifiers: ClickModifiers) =>
    setSelection(clickSelect(selection, item.path, shown, modifiers));
  const focused = entries.find((entry) => entry.path === selection.focus);

  function onKeyAction(action: ListingKeyAction) {
    switch (action.kind) {
      case 'move':
        return setSelection(moveFocus(selection, action.delta, shown, action.extend));
      case 'toggle':
        return focused && onSelect(focused, { toggle: true, range: false });
      case 'selectAll':
        return setSelection(selectAll(shown, selection));
      case 'clear':
        return setSelection(clearSelection(selection));
      case 'open':
        return focused && void navigate(hrefOf(focused));
      case 'delete':
        return writable && actions.remove(selected);
      case 'rename': {
        const target = selected.length === 1 ? selected[0] : focused;
        return writable && target && actions.rename(target);
      }
    }
  }

  return (
    <Stack gap="sm">
      <PageTitle title={t('mountExplorer.title')} />
      <ExplorerBreadcrumbs path={path} basicPath={basicPath} />
      <OfflineCopyNotice savedAt={listing.offlineSavedAt} />
      <ExplorerToolbar
        view={view}
        onViewChange={changeView}
        order={order}
        onOrderChange={setOrder}
        filter={filter}
        onFilterChange={setFilter}
        refreshing={query.isRefetching}
        onRefresh={() => void query.refetch()}
        onNewFolder={writable ? actions.newFolder : undefined}
        onWebDav={() => setWebDavOpen(true)}
        leading={writable ? <UploadButton onPick={(files) => upload(path, files)} /> : null}
        tools={
          <>
            <ExplorerSearch path={path} mountId={listing.folder?.mountId ?? null} />
            <BasketButton />
          </>
        }
      />
      <UploadPanel uploads={uploads} snapshot={uploadState} />
      {selected.length > 0 ? (
        <SelectionBar
          selected={selected}
          writable={writable}
          onRename={() => selected[0] && actions.rename(selected[0])}
          onDelete={() => actions.remove(selected)}
          onCopyTo={() => actions.copyTo(selected)}
          onMoveTo={() => actions.moveTo(selected)}
          onAddToBasket={() => menu.addToBasket(selected)}
          onClear={() => setSelection(NO_SELECTION)}
        />
      ) : null}
      <DropTarget folder={path} enabled={writable} onDrop={upload}>
        {query.isPending ? (
          <ListingLoading />
        ) : query.isError && !query.data ? (
          <ListingError
            error={query.error}
            path={path}
            homePath={basicPath}
            onRetry={() => void query.refetch()}
          />
        ) : entries.length === 0 && !listing.loadingAll ? (
          <ListingEmpty filtered={filter.trim() !== ''} isRoot={path === '/'} />
        ) : view === 'list' ? (
          <EntryList
            entries={entries}
            hrefOf={hrefOf}
            onEndReached={listing.loadMore}
            selected={selection.keys}
            focusKey={selection.focus}
            onSelect={onSelect}
            onKeyAction={onKeyAction}
            onContextMenu={menu.open}
          />
        ) : (
          <EntryGrid
            entries={entries}
            hrefOf={hrefOf}
            onEndReached={listing.loadMore}
            view={view}
            onContextMenu={menu.open}
            onOpenImage={(item) => setShownImage(images.indexOf(item))}
          />
        )}
      </DropTarget>
      <Text size="xs" c="dimmed" aria-live="polite">
        {listing.loadingAll || query.isFetchingNextPage
          ? t('mountExplorer.loadingMore', {
              count: listing.loadedCount,
              formatted: listing.loadedCount.toLocaleString(i18n.language),
            })
          : t('mountExplorer.count', {
              count: entries.length,
              formatted: entries.length.toLocaleString(i18n.language),
            })}
      </Text>
      <FilePanel
        path={preview ? childPath(path, preview) : undefined}
        writable={writable}
        onClose={() => void navigate(explorerHref(path))}
      />
      <Lightbox
        images={images}
        index={shownImage}
        onIndexChange={setShownImage}
        onClose={() => setShownImage(null)}
      />
      {webDavOpen ? <WebDavDialog path={path} onClose={() => setWebDavOpen(false)} /> : null}
      {menu.element}
      {actions.dialog}
    </Stack>
  );
}

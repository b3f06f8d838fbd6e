import type { FsItem } from '@pasteport/contract';
import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth } from '../../../lib/auth';
import { EntryGrid } from '../components/EntryGrid';
import { EntryList } from '../components/EntryList';
import { ExplorerBreadcrumbs } from '../components/ExplorerBreadcrumbs';
import { ExplorerToolbar } from '../components/ExplorerToolbar';
import { FilePanel } from '../components/FilePanel';
import { ListingEmpty, ListingError, ListingLoading } from '../components/ListingState';
import { DEFAULT_SORT, type SortOrder } from '../listing/entries';
import { useListing } from '../listing/use-listing';
import { readViewMode, writeViewMode, type ViewMode } from '../listing/view-mode';
import { childPath, explorerHref, mountLocation } from '../location';

/**
 * The mount browser (SPEC §2 /mount-explorer/{path...}?preview=): the URL is the state — the
 * folder in the path, the previewed file in `?preview=` — so back, forward and a copied link
 * all land in the same place.
 */
export function MountExplorerPage() {
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
  const { query } = listing;

  const hrefOf = (item: FsItem) =>
    item.isDirectory ? explorerHref(childPath(path, item.name)) : explorerHref(path, item.name);
  const changeView = (next: ViewMode) => {
    setView(next);
    writeViewMode(next);
  };

  return (
    <Stack gap="sm">
      <PageTitle title={t('mountExplorer.title')} />
      <ExplorerBreadcrumbs path={path} basicPath={basicPath} />
      <ExplorerToolbar
        view={view}
        onViewChange={changeView}
        order={order}
        onOrderChange={setOrder}
        filter={filter}
        onFilterChange={setFilter}
        refreshing={query.isRefetching}
        onRefresh={() => void query.refetch()}
      />
      {query.isPending ? (
        <ListingLoading />
      ) : query.isError && !query.data ? (
        <ListingError
          error={query.error}
          path={path}
          homePath={basicPath}
          onRetry={() => void query.refetch()}
        />
      ) : listing.entries.length === 0 && !listing.loadingAll ? (
        <ListingEmpty filtered={filter.trim() !== ''} isRoot={path === '/'} />
      ) : view === 'list' ? (
        <EntryList entries={listing.entries} hrefOf={hrefOf} onEndReached={listing.loadMore} />
      ) : (
        <EntryGrid
          entries={listing.entries}
          hrefOf={hrefOf}
          onEndReached={listing.loadMore}
          view={view}
        />
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {listing.loadingAll || query.isFetchingNextPage
            ? t('mountExplorer.loadingMore', {
                count: listing.loadedCount,
                formatted: listing.loadedCount.toLocaleString(i18n.language),
              })
            : t('mountExplorer.count', {
                count: listing.entries.length,
                formatted: listing.entries.length.toLocaleString(i18n.language),
              })}
        </Text>
      </Group>
      <FilePanel
        path={preview ? childPath(path, preview) : undefined}
        onClose={() => void navigate(explorerHref(path))}
      />
    </Stack>
  );
}

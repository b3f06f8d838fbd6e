import type { FsItem } from '@pasteport/contract';
import { useEffect, useMemo } from 'react';
import { useDirectory } from '../api';
import { filterEntries, needsAllPages, sortEntries, type SortOrder } from './entries';

/**
 * A folder as the listing shows it: the loaded pages, ordered and filtered. In the server's
 * own order (name, ascending) pages load as the user scrolls (`loadMore`); any other order, or
 * a filter, needs the whole folder, so the remaining pages load on their own (`loadingAll`).
 */
export function useListing(path: string, order: SortOrder, filter: string) {
  const query = useDirectory(path);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  const wantsAll = needsAllPages(order, filter);

  useEffect(() => {
    if (wantsAll && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [wantsAll, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const loaded = useMemo<FsItem[]>(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const entries = useMemo(
    () => sortEntries(filterEntries(loaded, filter), order),
    [loaded, filter, order],
  );
  const first = data?.pages[0];

  return {
    query,
    entries,
    loadedCount: loaded.length,
    /** The folder's own facts (virtual, mount, storage type), from its first page. */
    folder: first
      ? {
          isVirtual: first.isVirtual,
          mountId: first.mount_id,
          storageType: first.storage_type,
          writable: first.writable,
        }
      : undefined,
    /** Set when the folder is shown from its offline copy: when that copy was saved. */
    offlineSavedAt: first?.offlineSavedAt,
    loadingAll: wantsAll && hasNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
    },
  };
}

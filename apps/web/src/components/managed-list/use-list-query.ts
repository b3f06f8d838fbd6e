import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { pageCount, SEARCH_DEBOUNCE_MS, searchStateOf } from './paging';
import type { RowRef } from './selection';

/** What keepPageInRange reads of the page just loaded. */
interface LoadedPage {
  data?: { items: readonly unknown[]; total: number };
  isPlaceholderData: boolean;
}

/** The search, page and selection state of one managed list (see useListQuery). */
export interface ListQuery<Size extends number> {
  /** What is in the search box; `term` is what is sent, once typing pauses. */
  searchInput: string;
  setSearchInput: (value: string) => void;
  term: string | undefined;
  /** The page sizes offered. */
  pageSizes: readonly Size[];
  pageSize: Size;
  setPageSize: (size: Size) => void;
  /** 1-based. */
  page: number;
  goTo: (page: number) => void;
  /** The rows picked on this page, by id. */
  selected: ReadonlyMap<string, RowRef>;
  select: (selection: ReadonlyMap<string, RowRef>) => void;
  /** Call while rendering, with the page just loaded (see useListQuery). */
  keepPageInRange: (loaded: LoadedPage) => void;
}

/**
 * Search, page size (one of `pageSizes`, the first by default), page and selection of a
 * managed list. Page and selection are derived from what they were chosen for (search, page
 * size, page), so a new search starts on page 1 and a new page starts with nothing selected,
 * without extra requests.
 */
export function useListQuery<Size extends number>(
  pageSizes: readonly [Size, ...Size[]],
  defaultPageSize: Size = pageSizes[0],
): ListQuery<Size> {
  const [searchInput, setSearchInput] = useState('');
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const search = searchStateOf(debouncedSearch);
  const term = search.kind === 'term' ? search.term : undefined;
  const [pageSize, setPageSize] = useState<Size>(defaultPageSize);

  const listKey = `${term ?? ''}\u0000${pageSize}`;
  const [paging, setPaging] = useState({ key: listKey, page: 1 });
  const page = paging.key === listKey ? paging.page : 1;
  const goTo = (next: number) => setPaging({ key: listKey, page: next });

  const viewKey = `${listKey}\u0000${page}`;
  const [selection, setSelection] = useState<{ key: string; items: ReadonlyMap<string, RowRef> }>({
    key: viewKey,
    items: new Map(),
  });
  const selected = selection.key === viewKey ? selection.items : new Map<string, RowRef>();
  const select = (items: ReadonlyMap<string, RowRef>) => setSelection({ key: viewKey, items });

  // Deleting the last rows of the last page leaves it empty: step back to the new last page.
  function keepPageInRange({ data, isPlaceholderData }: LoadedPage) {
    if (data && !isPlaceholderData && data.items.length === 0 && data.total > 0 && page > 1) {
      goTo(pageCount(data.total, pageSize));
    }
  }

  return {
    searchInput,
    setSearchInput,
    term,
    pageSizes,
    pageSize,
    setPageSize,
    page,
    goTo,
    selected,
    select,
    keepPageInRange,
  };
}

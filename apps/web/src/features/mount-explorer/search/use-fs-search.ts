import { fsSearchResponseSchema, type FsSearchResponse } from '@pasteport/contract';
import { ROUTES } from '@pasteport/contract/plain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FS_QUERY_KEY } from '../../../lib/query-keys';
import { nextSearchOffset, searchPageQuery, type SearchRequest } from './search-model';

/** A search's query key, under FS_QUERY_KEY: a write anywhere refreshes searches too. */
export const fsSearchKey = (request: SearchRequest | null) =>
  [...FS_QUERY_KEY, 'search', request] as const;

/** One page of `GET /api/fs/search`, checked against the contract. */
export async function fetchSearchPage(
  request: SearchRequest,
  offset: number,
  signal?: AbortSignal,
): Promise<FsSearchResponse> {
  const query = searchPageQuery(request, offset);
  return fsSearchResponseSchema.parse(await api.call<unknown>(ROUTES.fsSearch, { query, signal }));
}

/**
 * The pages of a search, 50 results each, the next on `fetchNextPage` ("Load more"). Null asks
 * nothing (keyword too short); while a new keyword loads, the last results stay shown.
 */
export function useFsSearch(request: SearchRequest | null) {
  return useInfiniteQuery({
    queryKey: fsSearchKey(request),
    queryFn: ({ pageParam, signal }) => fetchSearchPage(request!, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => nextSearchOffset(last.hasMore, offset),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

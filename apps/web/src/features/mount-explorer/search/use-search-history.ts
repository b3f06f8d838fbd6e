import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_HISTORY_QUERY_KEY } from '../../../lib/query-keys';
import { clearSearchHistory, recentSearches, rememberSearch } from './search-history';

/** The recent searches' query key (kept on this device, not under FS_QUERY_KEY). */
export const SEARCH_HISTORY_KEY = SEARCH_HISTORY_QUERY_KEY;

/**
 * The recent searches of this device, with `remember` and `clear`. The history lives in
 * IndexedDB, so it reads offline too; where it cannot be read it is simply empty.
 */
export function useSearchHistory() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: SEARCH_HISTORY_KEY,
    queryFn: () => recentSearches(),
    // Local data: nothing to wait for when the network is away.
    networkMode: 'always',
    staleTime: Infinity,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SEARCH_HISTORY_KEY });
  const remember = useMutation({
    mutationFn: rememberSearch,
    networkMode: 'always',
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: clearSearchHistory,
    networkMode: 'always',
    onSettled: refresh,
  });
  return {
    recent: query.data ?? [],
    remember: (text: string) => remember.mutate(text),
    clear: () => clear.mutate(),
  };
}

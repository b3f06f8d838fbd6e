import { ROUTES } from '@pasteport/contract/plain';
import {
  cacheStatsListSchema,
  clearCacheResponseSchema,
  dashboardStatsSchema,
  type ClearCacheRequest,
} from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the dashboard figures. */
export const DASHBOARD_STATS_QUERY_KEY = ['admin', 'dashboard', 'stats'] as const;
/** Query key of the cache stats; clearing invalidates it. */
export const CACHE_STATS_QUERY_KEY = ['admin', 'cache', 'stats'] as const;

/** GET /admin/dashboard/stats, checked against the contract. */
export function useDashboardStats() {
  return useQuery({
    queryKey: DASHBOARD_STATS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      dashboardStatsSchema.parse(await api.call<unknown>(ROUTES.dashboardStats, { signal })),
  });
}

/** GET /admin/cache/stats: the answering instance's caches. */
export function useCacheStats() {
  return useQuery({
    queryKey: CACHE_STATS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      cacheStatsListSchema.parse(await api.call<unknown>(ROUTES.cacheStats, { signal })),
  });
}

/** POST /admin/cache/clear → how many entries were dropped; the stats are read again. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ClearCacheRequest = {}) =>
      clearCacheResponseSchema.parse(
        await api.call<unknown>(ROUTES.clearAdminCache, { body: request }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CACHE_STATS_QUERY_KEY }),
  });
}

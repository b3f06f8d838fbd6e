import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

const MAX_QUERY_RETRIES = 2;

/**
 * Retry only what may succeed next time: network trouble, timeouts and 5xx. A 4xx answer
 * will not change by asking again, and a cancelled request was cancelled on purpose.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (!isApiError(error)) return true;
  if (error.kind === 'aborted') return false;
  if (error.kind === 'http') return (error.status ?? 0) >= 500;
  return true;
}

/**
 * The app's query client: short freshness, no refetch storms on focus, no mutation retries,
 * mutations not held back offline.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // Mutations run offline too (not paused until the connection returns): an operation the
      // offline queue replays is queued at once, any other fails with its network message.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

import { isApiError } from '../api';

/**
 * Whether a call failed because this device could not reach the server, the one case where a
 * kept copy stands in for the answer. The API client turns fetch's network TypeError into an
 * ApiError of kind `network`; a timeout counts only while the browser reports no connection.
 * An HTTP answer (4xx, 5xx) is the server speaking and shows as it always does; a cancelled
 * call was cancelled on purpose.
 */
export function isOfflineFailure(error: unknown, online: boolean = navigator.onLine): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network') return true;
  if (error.kind === 'timeout') return !online;
  return false;
}

import { useCallback } from 'react';
import { useAuthStore } from '../auth';
import { offlineOwnerOf } from './owner';

/**
 * Who is signed in now, as a copy's owner, read when asked rather than when rendered: a read
 * records the owner it started with, and keeps its answer only if that is still who is signed
 * in when the answer arrives (an answer to the previous identity is never kept for the next).
 */
export function useOfflineOwner(): () => string {
  const store = useAuthStore();
  return useCallback(() => offlineOwnerOf(store.getSnapshot().session), [store]);
}

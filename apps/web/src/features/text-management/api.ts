import type { UpdatePasteRequest } from '@pasteport/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clearExpiredPastes,
  deletePaste,
  deletePastes,
  getPasteDetail,
  listPastes,
  updatePaste,
  type PastePage,
  type PasteScope,
} from '../paste/api';

/** Root query key of everything this module caches; every mutation invalidates it. */
export const MANAGED_PASTES_QUERY_KEY = ['pastes', 'manage'] as const;

const listKey = (scope: PasteScope, page: PastePage) =>
  [...MANAGED_PASTES_QUERY_KEY, scope, 'list', page] as const;
const detailKey = (scope: PasteScope, id: string) =>
  [...MANAGED_PASTES_QUERY_KEY, scope, 'detail', id] as const;

/** One page of the listing; the previous page stays on screen while the next one loads. */
export function usePasteList(scope: PasteScope, page: PastePage) {
  return useQuery({
    queryKey: listKey(scope, page),
    queryFn: ({ signal }) => listPastes(scope, page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A paste in full through the management endpoint, which never counts a view. `fresh` asks
 * the server again even when a cached copy exists (the edit form must start from the truth).
 */
export function usePasteDetail(scope: PasteScope, id: string, { fresh = false } = {}) {
  return useQuery({
    queryKey: detailKey(scope, id),
    queryFn: ({ signal }) => getPasteDetail(scope, id, signal),
    ...(fresh ? { staleTime: 0 } : {}),
  });
}

function useInvalidatingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MANAGED_PASTES_QUERY_KEY }),
  });
}

/**
 * PUT …/pastes/{id} with only the changed fields. The answer is the paste as saved: it
 * replaces the cached detail (no second read), and the lists of this scope are refreshed.
 */
export function useUpdatePaste(scope: PasteScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePasteRequest }) =>
      updatePaste(scope, id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(detailKey(scope, saved.id), saved);
      return queryClient.invalidateQueries({
        queryKey: [...MANAGED_PASTES_QUERY_KEY, scope, 'list'],
      });
    },
  });
}

/** DELETE …/pastes/{id}. */
export function useDeletePaste(scope: PasteScope) {
  return useInvalidatingMutation((id: string) => deletePaste(scope, id));
}

/** POST …/pastes/batch-delete → how many were deleted. */
export function useDeletePastes(scope: PasteScope) {
  return useInvalidatingMutation((ids: readonly string[]) => deletePastes(scope, ids));
}

/** POST /admin/pastes/clear-expired (admin only) → how many were removed. */
export function useClearExpiredPastes() {
  return useInvalidatingMutation(() => clearExpiredPastes());
}

import { ROUTES } from '@pasteport/contract/plain';
import {
  mountSchema,
  refreshIndexResponseSchema,
  type CreateMountRequest,
  type UpdateMountRequest,
} from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the mount list; every change here invalidates it. */
export const MOUNTS_QUERY_KEY = ['admin', 'mounts'] as const;

/** GET /admin/mounts, every mount active or not, checked against the contract. */
export function useMounts() {
  return useQuery({
    queryKey: MOUNTS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      mountSchema.array().parse(await api.call<unknown>(ROUTES.listMounts, { signal })),
  });
}

/**
 * GET /s3-configs for the storage picker: the storage-config module's own query, so a change
 * made there shows here without a reload.
 */
export { useStorageConfigs as useStorageChoices } from '../storage-config/api';

/** A mutation that refreshes the mount list when it settles, after a failure too. */
function useListMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MOUNTS_QUERY_KEY }),
  });
}

/** POST /admin/mounts. */
export function useCreateMount() {
  return useListMutation(async (request: CreateMountRequest) =>
    mountSchema.parse(await api.call<unknown>(ROUTES.createMount, { body: request })),
  );
}

/** PUT /admin/mounts/{id} with only the fields that change. */
export function useUpdateMount() {
  return useListMutation(async ({ id, changes }: { id: string; changes: UpdateMountRequest }) =>
    mountSchema.parse(
      await api.call<unknown>(ROUTES.updateMount, { params: { id }, body: changes }),
    ),
  );
}

/** DELETE /admin/mounts/{id}; the storage keeps every object. */
export function useDeleteMount() {
  return useListMutation((id: string) => api.call<unknown>(ROUTES.deleteMount, { params: { id } }));
}

/** POST /admin/mounts/{id}/refresh-index: the crawl job re-reads the mount within a minute. */
export function useRefreshMountIndex() {
  return useListMutation(async (id: string) =>
    refreshIndexResponseSchema.parse(
      await api.call<unknown>(ROUTES.refreshMountIndex, { params: { id } }),
    ),
  );
}

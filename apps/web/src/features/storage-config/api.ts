import { ROUTES } from '@pasteport/contract/plain';
import {
  storageConfigSchema,
  storageTestResultSchema,
  type CreateStorageConfigRequest,
  type UpdateStorageConfigRequest,
} from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the storage config list; every change here invalidates it. */
export const STORAGE_CONFIGS_QUERY_KEY = ['admin', 's3-configs'] as const;

/** GET /s3-configs, checked against the contract (the default first). */
export function useStorageConfigs() {
  return useQuery({
    queryKey: STORAGE_CONFIGS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      storageConfigSchema
        .array()
        .parse(await api.call<unknown>(ROUTES.listStorageConfigs, { signal })),
  });
}

/**
 * A mutation that refreshes the list when it settles: after a failure too, since a refused
 * delete (409) should show the file count as it is now.
 */
function useListMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STORAGE_CONFIGS_QUERY_KEY }),
  });
}

/** POST /s3-configs. */
export function useCreateStorageConfig() {
  return useListMutation(async (request: CreateStorageConfigRequest) =>
    storageConfigSchema.parse(
      await api.call<unknown>(ROUTES.createStorageConfig, { body: request }),
    ),
  );
}

/** PUT /s3-configs/{id} with the changed fields; an empty secret keeps the stored one. */
export function useUpdateStorageConfig() {
  return useListMutation(
    async ({ id, changes }: { id: string; changes: UpdateStorageConfigRequest }) =>
      storageConfigSchema.parse(
        await api.call<unknown>(ROUTES.updateStorageConfig, { params: { id }, body: changes }),
      ),
  );
}

/** PUT /s3-configs/{id}/set-default. */
export function useSetDefaultStorageConfig() {
  return useListMutation(async (id: string) =>
    storageConfigSchema.parse(
      await api.call<unknown>(ROUTES.setDefaultStorageConfig, { params: { id } }),
    ),
  );
}

/** DELETE /s3-configs/{id}; 409 when it is the default or files still use it. */
export function useDeleteStorageConfig() {
  return useListMutation((id: string) =>
    api.call<unknown>(ROUTES.deleteStorageConfig, { params: { id } }),
  );
}

/** POST /s3-configs/{id}/test: write, read, delete and CORS checks, each explained. */
export function useTestStorageConfig() {
  return useMutation({
    mutationFn: async (id: string) =>
      storageTestResultSchema.parse(
        await api.call<unknown>(ROUTES.testStorageConfig, { params: { id } }),
      ),
  });
}

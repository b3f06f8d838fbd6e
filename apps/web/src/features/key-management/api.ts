import { ROUTES } from '@pasteport/contract/plain';
import {
  apiKeySchema,
  createdApiKeySchema,
  type CreateApiKeyRequest,
  type UpdateApiKeyRequest,
} from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the admin's key list; every mutation here invalidates it. */
export const API_KEYS_QUERY_KEY = ['admin', 'api-keys'] as const;

/** GET /admin/api-keys, checked against the contract. */
export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      apiKeySchema.array().parse(await api.call<unknown>(ROUTES.listApiKeys, { signal })),
  });
}

function useInvalidatingMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

/** POST /admin/api-keys → the new key, in full this once. */
export function useCreateApiKey() {
  return useInvalidatingMutation(async (request: CreateApiKeyRequest) =>
    createdApiKeySchema.parse(await api.call<unknown>(ROUTES.createApiKey, { body: request })),
  );
}

/** PUT /admin/api-keys/{id} with the changed fields. */
export function useUpdateApiKey() {
  return useInvalidatingMutation(
    async ({ id, changes }: { id: string; changes: UpdateApiKeyRequest }) =>
      apiKeySchema.parse(
        await api.call<unknown>(ROUTES.updateApiKey, { params: { id }, body: changes }),
      ),
  );
}

/** DELETE /admin/api-keys/{id}. */
export function useDeleteApiKey() {
  return useInvalidatingMutation((id: string) =>
    api.call<unknown>(ROUTES.deleteApiKey, { params: { id } }),
  );
}

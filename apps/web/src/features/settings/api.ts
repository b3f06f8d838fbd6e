import { ROUTES } from '@pasteport/contract/plain';
import {
  changePasswordResponseSchema,
  systemSettingsSchema,
  type ChangePasswordRequest,
  type UpdateSystemSettings,
} from '@pasteport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of the system settings. */
export const SYSTEM_SETTINGS_QUERY_KEY = ['admin', 'system-settings'] as const;

/** GET /admin/system-settings, checked against the contract. */
export function useSystemSettings() {
  return useQuery({
    queryKey: SYSTEM_SETTINGS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      systemSettingsSchema.parse(await api.call<unknown>(ROUTES.getSystemSettings, { signal })),
  });
}

/** PUT /admin/system-settings (partial); the answer replaces the cached settings. */
export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateSystemSettings) =>
      systemSettingsSchema.parse(
        await api.call<unknown>(ROUTES.updateSystemSettings, { body: changes }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(SYSTEM_SETTINGS_QUERY_KEY, settings),
  });
}

/** POST /admin/change-password; a 401 here is a wrong current password, never a logout. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (request: ChangePasswordRequest) =>
      changePasswordResponseSchema.parse(
        await api.call<unknown>(ROUTES.changePassword, { body: request }),
      ),
  });
}

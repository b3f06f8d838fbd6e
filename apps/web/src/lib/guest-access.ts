import { parseGuestAccess, ROUTES } from '@pasteport/contract/plain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** The query key of GET /system/guest-access, shared by every screen that asks. */
export const GUEST_ACCESS_QUERY_KEY = ['system', 'guest-access'] as const;

/** GET /system/guest-access (public): what visitors may do; only asked while `enabled`. */
export function useGuestAccess(enabled: boolean) {
  return useQuery({
    queryKey: GUEST_ACCESS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      parseGuestAccess(await api.call<unknown>(ROUTES.guestAccess, { signal })),
    enabled,
    staleTime: 30_000,
  });
}

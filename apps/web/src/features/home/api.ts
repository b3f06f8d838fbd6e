import { guestAccessSchema } from '@pasteport/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query key of what visitors may do without signing in. */
export const GUEST_ACCESS_QUERY_KEY = ['system', 'guest-access'] as const;

/** GET /system/guest-access; only asked when nobody is signed in. */
export function useGuestAccess(enabled: boolean) {
  return useQuery({
    queryKey: GUEST_ACCESS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      guestAccessSchema.parse(await api.get<unknown>('/system/guest-access', { signal })),
    enabled,
    // The admin may switch guest pastes at any time; re-ask on return after half a minute.
    staleTime: 30_000,
  });
}

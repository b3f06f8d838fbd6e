import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore, type AuthStore } from '../../lib/auth';
import { OfflineCopiesUpkeep } from '../offline-copies/OfflineCopiesUpkeep';

function identityOf(store: AuthStore): string | undefined {
  const credential = store.credential();
  if (!credential) return undefined;
  return credential.kind === 'admin' ? `admin:${credential.token}` : `apikey:${credential.key}`;
}

/**
 * Drops every cached query when the signed-in identity changes, so no one sees another's data;
 * the offline copies kept on this device follow the same rule (OfflineCopiesUpkeep, mounted
 * here so it lives as long as the app, beside the identity it follows).
 */
export function ClearQueriesOnIdentityChange() {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  useEffect(() => {
    let identity = identityOf(store);
    return store.subscribe(() => {
      const next = identityOf(store);
      if (next === identity) return;
      identity = next;
      queryClient.clear();
    });
  }, [store, queryClient]);
  return <OfflineCopiesUpkeep />;
}

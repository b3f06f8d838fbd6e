import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore, type AuthStore } from '../../lib/auth';

function identityOf(store: AuthStore): string | undefined {
  const credential = store.credential();
  if (!credential) return undefined;
  return credential.kind === 'admin' ? `admin:${credential.token}` : `apikey:${credential.key}`;
}

/** Drops every cached query when the signed-in identity changes, so no one sees another's data. */
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
  return null;
}

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthSnapshot, AuthStore } from './auth-store';

const AuthStoreContext = createContext<AuthStore | null>(null);

/** Makes an auth store available to useAuth and useAuthStore below it. */
export function AuthStoreProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  return <AuthStoreContext.Provider value={store}>{children}</AuthStoreContext.Provider>;
}

/** The auth store, for its actions (login, logout, ensureFresh). */
export function useAuthStore(): AuthStore {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuthStore needs an AuthStoreProvider above it');
  return store;
}

/** The current auth snapshot; the component re-renders on every sign-in, sign-out or check. */
export function useAuth(): AuthSnapshot {
  const store = useAuthStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

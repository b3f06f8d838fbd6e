import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createPwaStore, type PwaState, type PwaStore } from './pwa-store';

/**
 * Without a provider (component tests), a store that never offers anything: no install offer
 * arrives and no service worker registers.
 */
const inertStore = createPwaStore({
  now: () => Date.now(),
  isStandalone: () => false,
  readDismissedAt: () => undefined,
  writeDismissedAt: () => undefined,
});

const PwaStoreContext = createContext<PwaStore>(inertStore);

export function PwaStoreProvider({ store, children }: { store: PwaStore; children: ReactNode }) {
  return <PwaStoreContext.Provider value={store}>{children}</PwaStoreContext.Provider>;
}

export function usePwaStore(): PwaStore {
  return useContext(PwaStoreContext);
}

/** The PWA state, re-rendering on change. */
export function usePwaState(): PwaState {
  const store = usePwaStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

import { setCredentialProvider, setUnauthorizedHandler } from '../api';
import { AUTH_STORAGE_PREFIX } from '../storage';
import type { AuthStore } from './auth-store';

/**
 * Makes `store` the app's identity: the API client sends its credential and reports 401s to
 * it, other tabs' sign-ins and sign-outs are followed, and a restored session is re-validated
 * (SPEC §4). Returns a function that undoes the listeners.
 */
export function startAuth(store: AuthStore, target: Window = window): () => void {
  setCredentialProvider(() => store.credential());
  setUnauthorizedHandler((kind) => store.handleUnauthorized(kind));
  const onStorage = (event: StorageEvent) => {
    // key null means localStorage.clear() in another tab.
    if (event.key === null || event.key.startsWith(AUTH_STORAGE_PREFIX)) store.syncFromStorage();
  };
  target.addEventListener('storage', onStorage);
  void store.validate();
  return () => target.removeEventListener('storage', onStorage);
}

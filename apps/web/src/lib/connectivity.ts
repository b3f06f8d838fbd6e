import { useSyncExternalStore } from 'react';

/** Whether the browser has a connection, and news when that changes. */
export interface Connectivity {
  isOnline(): boolean;
  /** Calls back with true on 'online' and false on 'offline'; returns the unsubscribe. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/**
 * navigator.onLine and the window's online/offline events. `false` is reliable (no
 * network at all); `true` only means "maybe", which is why parts still retry when online.
 */
export const browserConnectivity: Connectivity = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** Whether the browser says it is online, following changes (the header's offline badge). */
export function useOnline(connectivity: Connectivity = browserConnectivity): boolean {
  return useSyncExternalStore(
    (onChange) => connectivity.subscribe(onChange),
    () => connectivity.isOnline(),
    () => true,
  );
}

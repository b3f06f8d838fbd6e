import { createContext, useContext, type ReactNode } from 'react';
import type { OfflineQueue } from './index';

const OfflineQueueContext = createContext<OfflineQueue | undefined>(undefined);

/** Makes the app's offline queue reachable (tests without one see no queue UI). */
export function OfflineQueueProvider({
  queue,
  children,
}: {
  queue: OfflineQueue | undefined;
  children: ReactNode;
}) {
  return <OfflineQueueContext.Provider value={queue}>{children}</OfflineQueueContext.Provider>;
}

export function useOfflineQueue(): OfflineQueue | undefined {
  return useContext(OfflineQueueContext);
}

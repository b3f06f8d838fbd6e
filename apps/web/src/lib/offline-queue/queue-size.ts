import { readStored, writeStored } from '../storage';

/**
 * How many operations wait in the offline queue, mirrored in localStorage so the header and
 * the start-up replay know whether to load the queue (and Dexie) at all: most visits have
 * nothing queued and must not pay for it.
 */
const QUEUE_SIZE_KEY = 'pasteport.offlineQueue.size';

const listeners = new Set<() => void>();

export function queueSize(): number {
  const stored = Number(readStored(QUEUE_SIZE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : 0;
}

export function noteQueueSize(size: number): void {
  if (size === queueSize()) return;
  writeStored(QUEUE_SIZE_KEY, String(size));
  for (const listener of listeners) listener();
}

export function subscribeQueueSize(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab queued or sent something.
  const onStorage = (event: StorageEvent) => {
    if (event.key === QUEUE_SIZE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

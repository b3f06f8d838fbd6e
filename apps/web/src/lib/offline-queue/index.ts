import { api, setOfflineEnqueue } from '../api';
import type { AuthStore } from '../auth';
import { browserConnectivity, type Connectivity } from '../connectivity';
import { offlineOwnerOf } from '../offline-copies/owner';
import { queueSize } from './queue-size';
import { replayQueue, requestOf, type QueueEntry, type ReplayOutcome } from './replay';

export type { QueueEntry } from './replay';
export { queueSize, subscribeQueueSize } from './queue-size';
export type { QueuedOperationType } from './targets';

/** Where the replay stands, for the queue panel. */
export type ReplayState = 'idle' | 'replaying' | 'signInNeeded';

/** Someone to tell when a queued operation went out (the panel's toasts). */
export type SentListener = (entry: QueueEntry, data: unknown) => void;

export interface OfflineQueue {
  replayState(): ReplayState;
  subscribeReplayState(listener: () => void): () => void;
  onSent(listener: SentListener): () => void;
  /** Sends what waits, unless a replay runs already (then that one's end is awaited). */
  replayNow(): Promise<ReplayOutcome | undefined>;
  /** The identity queued operations belong to now. */
  owner(): string;
}

const loadStore = () => import('./queue-store');

/**
 * Starts the offline queue: replayable calls made offline (or without an answer) are queued
 * for the signed-in identity, and replayed in order when the connection returns, at start-up
 * when something waits, and on request. The queue's code and Dexie load only once needed.
 */
export function startOfflineQueue(
  authStore: AuthStore,
  connectivity: Connectivity = browserConnectivity,
): OfflineQueue {
  const owner = () => offlineOwnerOf(authStore.getSnapshot().session);
  let state: ReplayState = 'idle';
  const stateListeners = new Set<() => void>();
  const sentListeners = new Set<SentListener>();
  let running: Promise<ReplayOutcome | undefined> | undefined;
  let releasedFor: string | undefined;

  const setState = (next: ReplayState) => {
    if (next === state) return;
    state = next;
    for (const listener of stateListeners) listener();
  };

  const replay = async (): Promise<ReplayOutcome | undefined> => {
    if (!connectivity.isOnline()) return undefined;
    const store = await loadStore();
    const who = owner();
    // Entries a closed tab was sending go back to waiting once per identity and visit.
    if (releasedFor !== who) {
      await store.releaseInterrupted(who);
      releasedFor = who;
    }
    setState('replaying');
    const outcome = await replayQueue({
      store: store.replayStore,
      owner: who,
      send: (entry) => api.request(entry.endpoint, requestOf(entry)),
      onSent: (entry, data) => {
        for (const listener of sentListeners) listener(entry, data);
      },
    }).catch(() => undefined);
    setState(outcome === 'signInNeeded' ? 'signInNeeded' : 'idle');
    return outcome;
  };

  const queue: OfflineQueue = {
    replayState: () => state,
    subscribeReplayState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    replayNow() {
      running ??= replay().finally(() => {
        running = undefined;
      });
      return running;
    },
    owner,
  };

  setOfflineEnqueue(async (request) => {
    const store = await loadStore();
    await store.enqueue(owner(), request);
    // Queued for want of an answer while online (the answer was lost, or the server was out
    // of reach for a moment): try again at once; the key makes a repeat harmless.
    if (connectivity.isOnline()) void queue.replayNow();
  });
  connectivity.subscribe((online) => {
    if (online && queueSize() > 0) void queue.replayNow();
  });
  // A new sign-in may be what a stopped replay waited for.
  authStore.subscribe(() => {
    if (state === 'signInNeeded' && authStore.getSnapshot().session.type !== 'none') {
      setState('idle');
      void queue.replayNow();
    }
  });
  if (queueSize() > 0) void queue.replayNow();
  return queue;
}

import { liveQuery, type Table } from 'dexie';
import { getOfflineDb } from '../offline-db';
import type { QueuedRequest } from './queued-request';
import type { QueueEntry, ReplayStore } from './replay';
import { noteQueueSize } from './queue-size';

/*
 * The offline queue in the local database (SPEC §3 store `offlineQueue`). Loaded on first
 * use only (see queue-size.ts): Dexie is not part of any first page load.
 */

function table() {
  // Entries carry a `failure` beside the SPEC's fields; the store keeps whatever it is given.
  return getOfflineDb().offlineQueue as unknown as Table<QueueEntry, number>;
}

async function recount(): Promise<void> {
  noteQueueSize(await table().count());
}

/** Puts a request aside for `owner`, to be sent when the connection returns. */
export async function enqueue(owner: string, request: QueuedRequest, now = Date.now()) {
  await table().add({
    type: request.type,
    endpoint: request.endpoint,
    method: request.method,
    data: {
      body: request.body,
      idempotencyKey: request.idempotencyKey,
      context: request.context,
    },
    timestamp: now,
    status: 'pending',
    owner,
  } as QueueEntry);
  await recount();
}

/** The storage the replay works on. */
export const replayStore: ReplayStore = {
  async pending(owner) {
    const entries = await table().orderBy('id').toArray();
    return entries.filter((entry) => entry.owner === owner && entry.status === 'pending');
  },
  async update(id, patch) {
    await table().update(id, patch);
  },
  async remove(id) {
    await table().delete(id);
    await recount();
  },
};

/** A failed (or stuck) entry goes back to waiting; the next replay sends it again. */
export async function retryEntry(id: number): Promise<void> {
  await table().update(id, { status: 'pending', failure: undefined });
}

/** Discards an entry: it will never be sent. */
export async function discardEntry(id: number): Promise<void> {
  await table().delete(id);
  await recount();
}

/** After a reload, an entry left "processing" by a closed tab waits again (same key: safe). */
export async function releaseInterrupted(owner: string): Promise<void> {
  await table()
    .filter((entry) => entry.owner === owner && entry.status === 'processing')
    .modify({ status: 'pending' });
}

/** Follows the owner's entries, oldest first; returns the unsubscribe. */
export function watchEntries(owner: string, listener: (entries: QueueEntry[]) => void) {
  const subscription = liveQuery(async () =>
    (await table().orderBy('id').toArray()).filter((entry) => entry.owner === owner),
  ).subscribe({ next: listener, error: () => listener([]) });
  return () => subscription.unsubscribe();
}

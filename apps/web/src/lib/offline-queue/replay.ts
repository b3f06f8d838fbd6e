import { IDEMPOTENCY_KEY_HEADER } from '@pasteport/contract/plain';
import { ApiError } from '../api/errors';
import type { QueuedRequest } from './queued-request';

/** A queued operation as the queue keeps it (the offline database's `offlineQueue` store). */
export interface QueueEntry {
  id: number;
  type: QueuedRequest['type'];
  endpoint: string;
  method: string;
  data: { body: unknown; idempotencyKey: string; context: QueuedRequest['context'] };
  timestamp: number;
  status: 'pending' | 'processing' | 'failed';
  owner?: string;
  /** Why the server refused it (SPEC: a 409 or 410 marks the item failed with the reason). */
  failure?: { status?: number; code?: string; message?: string };
}

/** What the replay needs from the queue's storage. */
export interface ReplayStore {
  /** The owner's pending entries, oldest first. */
  pending(owner: string): Promise<QueueEntry[]>;
  update(id: number, patch: Pick<QueueEntry, 'status'> & Partial<QueueEntry>): Promise<void>;
  remove(id: number): Promise<void>;
}

/** Sends one entry again, exactly as it was first sent (same key); resolves with `data`. */
export type ReplaySend = (entry: QueueEntry) => Promise<unknown>;

/**
 * How a replay ended: everything pending was tried; a 401 stopped it (the person must sign in
 * again; the queue is kept); or the connection went again (the rest waits for the next one).
 */
export type ReplayOutcome = 'done' | 'signInNeeded' | 'offline';

/** Sends an entry through the API client without queueing it again. */
export function requestOf(entry: QueueEntry) {
  return {
    method: entry.method as 'POST' | 'PUT' | 'DELETE',
    body: entry.data.body,
    context: entry.data.context,
    headers: { [IDEMPOTENCY_KEY_HEADER]: entry.data.idempotencyKey },
  };
}

/**
 * Replays the owner's queue (SPEC §4, §7): in order, one at a time. A sent entry leaves the
 * queue (`onSent` hears of it with the answer); a 401 puts it back and stops; no answer puts
 * it back and stops; any other refusal (409 slug taken, 410 gone, 4xx, 5xx) marks it failed
 * with the reason and goes on with the next.
 */
export async function replayQueue(input: {
  store: ReplayStore;
  owner: string;
  send: ReplaySend;
  onSent?: (entry: QueueEntry, data: unknown) => void;
}): Promise<ReplayOutcome> {
  const { store, owner, send } = input;
  for (const entry of await store.pending(owner)) {
    await store.update(entry.id, { status: 'processing' });
    let data: unknown;
    try {
      data = await send(entry);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'http' && error.status === 401) {
        await store.update(entry.id, { status: 'pending' });
        return 'signInNeeded';
      }
      if (!(error instanceof ApiError) || error.kind !== 'http') {
        await store.update(entry.id, { status: 'pending' });
        return 'offline';
      }
      await store.update(entry.id, {
        status: 'failed',
        failure: { status: error.status, code: error.code, message: error.serverMessage },
      });
      continue;
    }
    await store.remove(entry.id);
    input.onSent?.(entry, data);
  }
  return 'done';
}

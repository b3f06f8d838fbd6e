import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { replayQueue, requestOf, type QueueEntry, type ReplayStore } from './replay';

const OWNER = 'guest@/api';

function entry(id: number, patch: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id,
    type: 'createPaste',
    endpoint: '/paste',
    method: 'POST',
    data: { body: { content: `paste ${id}` }, idempotencyKey: `key-${id}`, context: 'default' },
    timestamp: id,
    status: 'pending',
    owner: OWNER,
    ...patch,
  };
}

/** The store over a Map, recording every status an entry went through. */
function givenStore(entries: QueueEntry[]) {
  const rows = new Map(entries.map((e) => [e.id, { ...e }]));
  const history: string[] = [];
  const store: ReplayStore = {
    pending: (owner) =>
      Promise.resolve(
        [...rows.values()]
          .filter((e) => e.owner === owner && e.status === 'pending')
          .sort((a, b) => a.id - b.id),
      ),
    update: (id, patch) => {
      const row = rows.get(id);
      if (row) Object.assign(row, patch);
      history.push(`${id}:${patch.status}`);
      return Promise.resolve();
    },
    remove: (id) => {
      rows.delete(id);
      history.push(`${id}:sent`);
      return Promise.resolve();
    },
  };
  return { store, rows, history };
}

const http = (status: number, code?: string) =>
  new ApiError({
    kind: 'http',
    status,
    code: code as never,
    method: 'POST',
    url: '/paste',
    context: 'default',
    transport: 'fetch',
  });
const network = () =>
  new ApiError({
    kind: 'network',
    method: 'POST',
    url: '/paste',
    context: 'default',
    transport: 'fetch',
  });

describe('replayQueue', () => {
  it('sends the owner’s entries in order, one at a time, each with its own key', async () => {
    const { store, rows, history } = givenStore([
      entry(3),
      entry(1),
      entry(2, { owner: 'admin@/api' }),
      entry(4, { status: 'failed' }),
    ]);
    const sent: string[] = [];
    let inFlight = 0;
    const outcome = await replayQueue({
      store,
      owner: OWNER,
      send: async (e) => {
        inFlight++;
        expect(inFlight).toBe(1);
        sent.push(requestOf(e).headers['Idempotency-Key'] ?? '');
        await Promise.resolve();
        inFlight--;
        return { slug: `s${e.id}` };
      },
    });
    expect(outcome).toBe('done');
    expect(sent).toEqual(['key-1', 'key-3']);
    expect(history).toEqual(['1:processing', '1:sent', '3:processing', '3:sent']);
    expect([...rows.keys()].sort()).toEqual([2, 4]);
  });

  it('stops at a 401 and keeps that entry and the rest waiting', async () => {
    const { store, rows } = givenStore([entry(1), entry(2)]);
    const outcome = await replayQueue({
      store,
      owner: OWNER,
      send: () => Promise.reject(http(401, 'UNAUTHORIZED')),
    });
    expect(outcome).toBe('signInNeeded');
    expect(rows.get(1)?.status).toBe('pending');
    expect(rows.get(2)?.status).toBe('pending');
  });

  it('marks a 409 or 410 failed with the reason and goes on', async () => {
    const { store, rows } = givenStore([entry(1), entry(2), entry(3)]);
    const answers = [http(409, 'SLUG_TAKEN'), http(410, 'GONE')];
    const onSent: number[] = [];
    const outcome = await replayQueue({
      store,
      owner: OWNER,
      send: (e) =>
        e.id < 3 ? Promise.reject(answers[e.id - 1] ?? http(500)) : Promise.resolve({ slug: 'ok' }),
      onSent: (e) => onSent.push(e.id),
    });
    expect(outcome).toBe('done');
    expect(rows.get(1)).toMatchObject({
      status: 'failed',
      failure: { status: 409, code: 'SLUG_TAKEN' },
    });
    expect(rows.get(2)).toMatchObject({ status: 'failed', failure: { status: 410, code: 'GONE' } });
    expect(rows.has(3)).toBe(false);
    expect(onSent).toEqual([3]);
  });

  it('puts an entry back and stops when the connection goes again', async () => {
    const { store, rows } = givenStore([entry(1), entry(2)]);
    const outcome = await replayQueue({
      store,
      owner: OWNER,
      send: () => Promise.reject(network()),
    });
    expect(outcome).toBe('offline');
    expect(rows.get(1)?.status).toBe('pending');
    expect(rows.get(2)?.status).toBe('pending');
  });
});

import type pg from 'pg';
import { createLocalInvalidationBus, type InvalidationBus } from '../lib/invalidation.js';

const CHANNEL = 'pasteport_invalidation';

/**
 * Invalidation over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens; publishing
 * delivers locally at once and notifies every other instance. A lost listener connection is
 * re-established; caches also expire on their own, so a missed message is bounded.
 */
export async function createPostgresInvalidationBus(
  pool: pg.Pool,
  connect: () => pg.Client,
  onError: (err: unknown) => void = () => undefined,
): Promise<InvalidationBus> {
  const local = createLocalInvalidationBus();
  let listener: pg.Client | undefined;
  let closed = false;

  async function listen(): Promise<void> {
    const client = connect();
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { topic, id } = JSON.parse(message.payload) as { topic: string; id: string };
        local.deliver(topic, id);
      } catch (err) {
        onError(err);
      }
    });
    client.on('error', (err) => {
      onError(err);
      if (!closed) setTimeout(() => void listen().catch(onError), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await listen();

  return {
    async publish(topic, id) {
      local.deliver(topic, id);
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, id })]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      await listener?.end().catch(() => undefined);
    },
  };
}

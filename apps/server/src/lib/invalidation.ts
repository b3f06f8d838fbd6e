/**
 * Tells every instance that cached data changed (an API key edited or deleted, …). On SQLite
 * there is one instance, so delivery is in-process; on PostgreSQL it goes through
 * LISTEN/NOTIFY (db/pg-invalidation.ts), so caches on every instance drop the entry at once.
 */
export interface InvalidationBus {
  /** Announces that `id` of `topic` changed; local subscribers hear it before this resolves. */
  publish: (topic: string, id: string) => Promise<void>;
  subscribe: (topic: string, handler: (id: string) => void) => void;
  close: () => Promise<void>;
}

/** Delivers to this process's subscribers only. */
export function createLocalInvalidationBus(): InvalidationBus & {
  deliver(topic: string, id: string): void;
} {
  const handlers = new Map<string, Set<(id: string) => void>>();
  const deliver = (topic: string, id: string) => {
    for (const handler of handlers.get(topic) ?? []) handler(id);
  };
  return {
    deliver,
    publish: (topic, id) => {
      deliver(topic, id);
      return Promise.resolve();
    },
    subscribe: (topic, handler) => {
      const set = handlers.get(topic) ?? new Set();
      set.add(handler);
      handlers.set(topic, set);
    },
    close: () => {
      handlers.clear();
      return Promise.resolve();
    },
  };
}

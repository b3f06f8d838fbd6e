/**
 * A bounded least-recently-used cache with an entry limit and a size budget (each entry's
 * weight, e.g. its bytes), so a few huge values cannot push memory up unnoticed.
 */
export interface LruCache<K, V> {
  get: (key: K) => V | undefined;
  /** Stores the value; values heavier than the whole budget are not kept. */
  set: (key: K, value: V, weight: number) => void;
  delete: (key: K) => void;
  clear: () => void;
  readonly size: number;
  readonly weight: number;
  /** Lookups that found an entry / found none, since the cache was made (clear keeps them). */
  readonly hits: number;
  readonly misses: number;
}

export function createLruCache<K, V>(limits: {
  maxEntries: number;
  maxWeight: number;
  /** Called for entries pushed out by the limits (not for delete, clear or replacement). */
  onEvict?: (key: K, value: V) => void;
}): LruCache<K, V> {
  const entries = new Map<K, { value: V; weight: number }>();
  let totalWeight = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalWeight -= entry.weight;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) {
        misses += 1;
        return undefined;
      }
      hits += 1;
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, weight) {
      remove(key);
      if (weight > limits.maxWeight) return;
      entries.set(key, { value, weight });
      totalWeight += weight;
      while (entries.size > limits.maxEntries || totalWeight > limits.maxWeight) {
        const oldest = entries.entries().next();
        if (oldest.done) break;
        const [key, entry] = oldest.value;
        remove(key);
        limits.onEvict?.(key, entry.value);
      }
    },
    delete: remove,
    clear() {
      entries.clear();
      totalWeight = 0;
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return totalWeight;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

import type { Clock } from '../../lib/clock.js';
import type { InvalidationBus } from '../../lib/invalidation.js';
import { createLruCache } from '../../lib/lru-cache.js';
import type { PasteRow } from './paste.repository.js';

/**
 * Pastes without a view limit are read far more often than written, so they are kept in
 * memory and a read costs no database query. Edits and deletions reach every instance's cache
 * through the invalidation bus at once; expiry is checked on every read; the TTL only bounds
 * the damage of a missed message. Limited pastes are never cached: their reads must go
 * through the atomic UPDATE.
 */
export const PASTE_CACHE_TTL_MS = 60_000;
export const PASTE_INVALIDATION_TOPIC = 'paste';
export const PASTE_CACHE_MAX_ENTRIES = 5_000;
/** Budget for cached content, in UTF-8 bytes (a JS string may use up to twice that). */
const MAX_CONTENT_BYTES = 32 * 1024 * 1024;
/** Larger pastes are read from the database each time rather than crowd out many small ones. */
const MAX_CACHED_PASTE_BYTES = 1024 * 1024;
/** Invalidation message meaning "drop everything" (batch deletes). */
export const PASTE_CACHE_DROP_ALL = '*';
/** Batches larger than this clear the whole cache rather than send one message per id. */
const MAX_MESSAGES_PER_CHANGE = 20;

interface Entry {
  row: PasteRow;
  cachedAt: number;
}

export function createPasteCache(deps: { clock: Clock; invalidation: InvalidationBus }) {
  const slugKeyById = new Map<string, string>();
  const entries = createLruCache<string, Entry>({
    maxEntries: PASTE_CACHE_MAX_ENTRIES,
    maxWeight: MAX_CONTENT_BYTES,
    onEvict: (_key, entry) => slugKeyById.delete(entry.row.id),
  });
  const nowMs = () => deps.clock.now().getTime();

  const drop = (id: string) => {
    if (id === PASTE_CACHE_DROP_ALL) {
      entries.clear();
      slugKeyById.clear();
      return;
    }
    const key = slugKeyById.get(id);
    if (key === undefined) return;
    slugKeyById.delete(id);
    entries.delete(key);
  };
  deps.invalidation.subscribe(PASTE_INVALIDATION_TOPIC, drop);

  return {
    /**
     * The cached row for a slug (any case), or undefined; the row is live (views grow). An
     * expired row is dropped rather than answered: its slug may since belong to a new paste.
     */
    get(slug: string): PasteRow | undefined {
      const key = slug.toLowerCase();
      const entry = entries.get(key);
      if (!entry) return undefined;
      const now = nowMs();
      const expired = entry.row.expires_at !== null && Date.parse(entry.row.expires_at) <= now;
      if (expired || now - entry.cachedAt > PASTE_CACHE_TTL_MS) {
        entries.delete(key);
        slugKeyById.delete(entry.row.id);
        return undefined;
      }
      return entry.row;
    },

    /** Keeps an unlimited paste's row (limited and very large pastes are not kept). */
    put(row: PasteRow): void {
      if (row.max_views > 0 || row.size_bytes > MAX_CACHED_PASTE_BYTES) return;
      entries.set(row.slug_key, { row, cachedAt: nowMs() }, row.size_bytes);
      slugKeyById.set(row.id, row.slug_key);
    },

    /** Tells every instance (this one first) that these pastes changed or are gone. */
    async forget(ids: readonly string[]): Promise<void> {
      const messages = ids.length > MAX_MESSAGES_PER_CHANGE ? [PASTE_CACHE_DROP_ALL] : ids;
      await Promise.all(
        messages.map((id) => deps.invalidation.publish(PASTE_INVALIDATION_TOPIC, id)),
      );
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type PasteCache = ReturnType<typeof createPasteCache>;

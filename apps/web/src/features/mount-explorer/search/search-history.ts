import { getOfflineDb } from '../../../lib/offline-db';

/** Searches kept on this device: older ones drop off. */
export const SEARCH_HISTORY_MAX = 20;
/** Searches the dialog offers again when its input is empty. */
export const RECENT_SEARCHES_SHOWN = 8;

/**
 * Runs a history operation where IndexedDB may be missing or refused (private windows, a full
 * disk): the history is a convenience, so any failure reads as "no history" and never reaches
 * the search itself.
 */
async function softly<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await operation();
  } catch {
    return fallback;
  }
}

/**
 * Records a search as the newest. The same keyword again (in any letter case, as search
 * ignores case) moves to the top with the latest spelling; beyond SEARCH_HISTORY_MAX the
 * oldest drop off.
 */
export async function rememberSearch(query: string): Promise<void> {
  const trimmed = query.trim();
  if (trimmed === '') return;
  await softly(async () => {
    const db = getOfflineDb();
    const history = db.searchHistory;
    await db.transaction('rw', history, async () => {
      await history.where('query').equalsIgnoreCase(trimmed).delete();
      const newest = await history.orderBy('timestamp').last();
      // Strictly after the newest, even within one millisecond or after a clock change: the
      // order is what the history is for.
      const timestamp = Math.max(Date.now(), (newest?.timestamp ?? 0) + 1);
      await history.put({ query: trimmed, timestamp });
      const excess = (await history.count()) - SEARCH_HISTORY_MAX;
      if (excess > 0) {
        await history.bulkDelete(await history.orderBy('timestamp').limit(excess).primaryKeys());
      }
    });
  }, undefined);
}

/** The latest searches, newest first (none where the history cannot be read). */
export function recentSearches(limit = RECENT_SEARCHES_SHOWN): Promise<string[]> {
  return softly(async () => {
    const entries = await getOfflineDb()
      .searchHistory.orderBy('timestamp')
      .reverse()
      .limit(limit)
      .toArray();
    return entries.map((entry) => entry.query);
  }, []);
}

/** Forgets every search kept on this device. */
export async function clearSearchHistory(): Promise<void> {
  await softly(() => getOfflineDb().searchHistory.clear(), undefined);
}

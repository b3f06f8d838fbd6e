import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOfflineDb } from '../../../lib/offline-db';
import {
  clearSearchHistory,
  recentSearches,
  rememberSearch,
  SEARCH_HISTORY_MAX,
} from './search-history';

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteOfflineDb();
});

async function rememberAll(queries: string[]) {
  for (const query of queries) await rememberSearch(query);
}

describe('search history', () => {
  it('lists searches newest first, trimmed, up to the limit asked for', async () => {
    await rememberAll(['  report ', 'photos', 'invoice']);
    expect(await recentSearches()).toEqual(['invoice', 'photos', 'report']);
    expect(await recentSearches(2)).toEqual(['invoice', 'photos']);
  });

  it('keeps the order even when searches come within one millisecond', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    // Not in name order, which is how equal timestamps would fall.
    await rememberAll(['gamma', 'alpha', 'beta']);
    expect(await recentSearches()).toEqual(['beta', 'alpha', 'gamma']);
  });

  it('moves a search done again to the top instead of listing it twice', async () => {
    await rememberAll(['report', 'photos', 'invoice', 'report']);
    expect(await recentSearches()).toEqual(['report', 'invoice', 'photos']);
    await rememberSearch('PHOTOS');
    expect(await recentSearches()).toEqual(['PHOTOS', 'report', 'invoice']);
  });

  it('ignores an empty search', async () => {
    await rememberAll(['report', '   ']);
    expect(await recentSearches()).toEqual(['report']);
  });

  it(`keeps the ${SEARCH_HISTORY_MAX} newest and drops the oldest`, async () => {
    const queries = Array.from({ length: SEARCH_HISTORY_MAX + 3 }, (_, i) => `query ${i}`);
    await rememberAll(queries);
    const kept = await recentSearches(100);
    expect(kept).toHaveLength(SEARCH_HISTORY_MAX);
    expect(kept[0]).toBe(`query ${SEARCH_HISTORY_MAX + 2}`);
    expect(kept.at(-1)).toBe('query 3');
  });

  it('forgets everything when cleared', async () => {
    await rememberAll(['report', 'photos']);
    await clearSearchHistory();
    expect(await recentSearches()).toEqual([]);
  });

  it('reads as empty and never throws where IndexedDB is unavailable', async () => {
    await deleteOfflineDb();
    const failing = vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      await expect(rememberSearch('report')).resolves.toBeUndefined();
      await expect(recentSearches()).resolves.toEqual([]);
      await expect(clearSearchHistory()).resolves.toBeUndefined();
      expect(failing).toHaveBeenCalled();
    } finally {
      failing.mockRestore();
    }
  });
});

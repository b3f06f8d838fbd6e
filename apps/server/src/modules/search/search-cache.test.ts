import type { FsSearchResponse } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { createLocalInvalidationBus } from '../../lib/invalidation.js';
import {
  createSearchCache,
  SEARCH_CACHE_MAX_ENTRIES,
  SEARCH_CACHE_NAME,
  SEARCH_CACHE_TTL_MS,
} from './search-cache.js';

const page = (...names: string[]): FsSearchResponse => ({
  results: names.map((name) => ({
    name,
    path: `/m/${name}`,
    size: 1,
    modified: null,
    isDirectory: false,
    contentType: null,
    mount_id: 'm',
    mount_name: 'm',
    storage_type: 'LOCAL',
  })),
  total: names.length,
  hasMore: false,
  capped: false,
});

function setup() {
  const clock = movableClock();
  const invalidation = createLocalInvalidationBus();
  const cache = createSearchCache({ clock, invalidation });
  return { clock, invalidation, cache };
}

describe('search cache', () => {
  it('serves a stored page as a hit and counts the first lookup as a miss', () => {
    const { cache } = setup();
    expect(cache.get('q')).toBeUndefined();
    cache.put('q', page('a.txt'), ['s1'], cache.mark());
    expect(cache.get('q')).toEqual(page('a.txt'));
    expect(cache.managed.stats()).toEqual({
      name: SEARCH_CACHE_NAME,
      entries: 1,
      max_entries: SEARCH_CACHE_MAX_ENTRIES,
      hits: 1,
      misses: 1,
    });
  });

  it('expires a page after the TTL, by the injected clock', () => {
    const { cache, clock } = setup();
    cache.put('q', page('a.txt'), ['s1'], cache.mark());
    clock.advance(SEARCH_CACHE_TTL_MS);
    expect(cache.get('q')).toBeDefined(); // exactly the TTL old: still served
    clock.advance(1);
    expect(cache.get('q')).toBeUndefined();
    expect(cache.managed.stats()).toMatchObject({ entries: 0, hits: 1, misses: 1 });
  });

  it('drops only the pages touching a storage, through the bus', async () => {
    const { cache } = setup();
    cache.put('one', page('a'), ['s1'], cache.mark());
    cache.put('both', page('a', 'b'), ['s1', 's2'], cache.mark());
    cache.put('two', page('b'), ['s2'], cache.mark());
    await cache.forgetStorage('s1');
    expect(cache.get('one')).toBeUndefined();
    expect(cache.get('both')).toBeUndefined();
    expect(cache.get('two')).toEqual(page('b'));
  });

  it('hears drops published by another instance', () => {
    const { cache, invalidation } = setup();
    cache.put('q', page('a'), ['s1'], cache.mark());
    invalidation.deliver('fs-search', 's1');
    expect(cache.get('q')).toBeUndefined();
  });

  it('does not keep a page read while a drop was heard', async () => {
    const { cache } = setup();
    const since = cache.mark();
    await cache.forgetStorage('s1'); // a write lands while the query runs
    cache.put('q', page('stale'), ['s1'], since);
    expect(cache.get('q')).toBeUndefined();
    cache.put('q', page('fresh'), ['s1'], cache.mark());
    expect(cache.get('q')).toEqual(page('fresh'));
  });

  it('clears per storage or whole and answers the entries this instance dropped', async () => {
    const { cache } = setup();
    cache.put('one', page('a'), ['s1'], cache.mark());
    cache.put('two', page('b'), ['s2'], cache.mark());
    cache.put('three', page('c'), ['s3'], cache.mark());
    expect(await cache.managed.clearStorages!(['s1', 's2'])).toBe(2);
    expect(cache.get('three')).toEqual(page('c'));
    expect(cache.managed.stats().entries).toBe(1);
    expect(await cache.managed.clearEverywhere()).toBe(1);
    expect(cache.managed.stats().entries).toBe(0);
  });

  it('drops everything here on forgetAllHere (a mount changed)', () => {
    const { cache } = setup();
    const since = cache.mark();
    cache.put('q', page('a'), ['s1'], cache.mark());
    cache.forgetAllHere();
    expect(cache.get('q')).toBeUndefined();
    cache.put('q', page('a'), ['s1'], since);
    expect(cache.get('q')).toBeUndefined();
  });
});

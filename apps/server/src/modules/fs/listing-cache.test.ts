import { describe, expect, it, vi } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { createLocalInvalidationBus } from '../../lib/invalidation.js';
import type { FolderPage } from './directory-listing.js';
import { createListingCache, LISTING_INVALIDATION_TOPIC, type PageRef } from './listing-cache.js';

const page = (...files: string[]): FolderPage => ({
  folders: [],
  files: files.map((name) => ({ name, size: 1, modified: '2026-01-01T00:00:00.000Z', etag: 'e' })),
  next: null,
  exists: true,
});
const ref = (folderKey: string, storageId = 's1'): PageRef => ({
  storageId,
  folderKey,
  cursor: null,
  limit: 1000,
});

function setup() {
  const clock = movableClock();
  const invalidation = createLocalInvalidationBus();
  const cache = createListingCache({ clock, invalidation });
  const put = (r: PageRef, p: FolderPage, ttl = 300) => cache.put(r, p, ttl, cache.mark());
  return { clock, invalidation, cache, put };
}

describe('listing cache', () => {
  it('clears only the pages of the storages named, and counts what it dropped here', async () => {
    const { cache, put } = setup();
    put(ref('', 's1'), page('x'));
    put(ref('a', 's1'), page('x'));
    put(ref('', 's2'), page('x'));
    put(ref('', 's3'), page('x'));
    expect(await cache.managed.clearStorages!(['s1', 's3'])).toBe(3);
    expect(cache.get(ref('', 's1'), 300)).toBeUndefined();
    expect(cache.get(ref('a', 's1'), 300)).toBeUndefined();
    expect(cache.get(ref('', 's3'), 300)).toBeUndefined();
    expect(cache.get(ref('', 's2'), 300)).toEqual(page('x'));
    expect(await cache.managed.clearStorages!(['s1'])).toBe(0);
  });

  it("keeps a page for the mount's TTL, and never with TTL 0", () => {
    const { clock, cache, put } = setup();
    put(ref('a'), page('x'));
    expect(cache.get(ref('a'), 300)).toEqual(page('x'));
    clock.advance(300_000);
    expect(cache.get(ref('a'), 300)).toBeDefined();
    expect(cache.get(ref('a'), 299)).toBeUndefined();
    clock.advance(1);
    expect(cache.get(ref('a'), 300)).toBeUndefined();
    put(ref('b'), page('y'), 0);
    expect(cache.get(ref('b'), 300)).toBeUndefined();
    expect(cache.managed.stats()).toMatchObject({ name: 'fs-listings', hits: 2, misses: 3 });
  });

  it('drops every ancestor folder of a written key, on its storage only', async () => {
    const { cache, put } = setup();
    for (const folder of ['', 'a', 'a/b', 'a/b/c', 'other']) put(ref(folder), page('x'));
    put(ref('a', 's2'), page('x'));
    await cache.forgetChange({
      storageConfigId: 's1',
      written: [{ key: 'a/b/file.txt', isDirectory: false, size: 1, modified: new Date() }],
    });
    expect(cache.get(ref(''), 300)).toBeUndefined();
    expect(cache.get(ref('a'), 300)).toBeUndefined();
    expect(cache.get(ref('a/b'), 300)).toBeUndefined();
    expect(cache.get(ref('a/b/c'), 300)).toBeDefined();
    expect(cache.get(ref('other'), 300)).toBeDefined();
    expect(cache.get(ref('a', 's2'), 300)).toBeDefined();
  });

  it('drops everything below a recursively removed folder, not its look-alike siblings', async () => {
    const { cache, put } = setup();
    for (const folder of ['a', 'a/b', 'a/b/c', 'a/bc', '']) put(ref(folder), page('x'));
    await cache.forgetChange({ storageConfigId: 's1', removed: [{ key: 'a/b', recursive: true }] });
    expect(cache.get(ref('a/b'), 300)).toBeUndefined();
    expect(cache.get(ref('a/b/c'), 300)).toBeUndefined();
    expect(cache.get(ref('a'), 300)).toBeUndefined();
    expect(cache.get(ref(''), 300)).toBeUndefined();
    expect(cache.get(ref('a/bc'), 300)).toBeDefined();
  });

  it('drops the whole storage when a change touches many folders', async () => {
    const { cache, invalidation, put } = setup();
    const publish = vi.spyOn(invalidation, 'publish');
    put(ref('z'), page('x'));
    put(ref('z', 's2'), page('x'));
    const written = Array.from({ length: 30 }, (_, i) => ({
      key: `d${i}/f`,
      isDirectory: false,
      size: 1,
      modified: new Date(),
    }));
    await cache.forgetChange({ storageConfigId: 's1', written });
    expect(publish).toHaveBeenCalledTimes(1);
    expect(cache.get(ref('z'), 300)).toBeUndefined();
    expect(cache.get(ref('z', 's2'), 300)).toBeDefined();
  });

  it('hears drops published by other instances, and ignores garbled messages', () => {
    const { cache, invalidation, put } = setup();
    put(ref('a'), page('x'));
    invalidation.deliver(LISTING_INVALIDATION_TOPIC, 'not json');
    invalidation.deliver(LISTING_INVALIDATION_TOPIC, '[1,2]');
    expect(cache.get(ref('a'), 300)).toBeDefined();
    invalidation.deliver(LISTING_INVALIDATION_TOPIC, JSON.stringify(['s1', 'a', false]));
    expect(cache.get(ref('a'), 300)).toBeUndefined();
  });

  it('does not keep a page read while a drop was heard (it may predate the write)', () => {
    const { cache, invalidation } = setup();
    const before = cache.mark();
    invalidation.deliver(LISTING_INVALIDATION_TOPIC, JSON.stringify(['s1', 'a', false]));
    cache.put(ref('a'), page('stale'), 300, before);
    expect(cache.get(ref('a'), 300)).toBeUndefined();
  });

  it('clears on every instance through the bus', async () => {
    const { cache, put } = setup();
    put(ref('a'), page('x'));
    put(ref('b'), page('x'));
    expect(await cache.managed.clearEverywhere()).toBe(2);
    expect(cache.managed.stats().entries).toBe(0);
  });
});

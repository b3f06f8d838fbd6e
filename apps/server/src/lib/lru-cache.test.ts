import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.js';

describe('createLruCache', () => {
  it('drops the least recently used entry beyond the entry limit, and reports it', () => {
    const evicted: string[] = [];
    const cache = createLruCache<string, number>({
      maxEntries: 2,
      maxWeight: 100,
      onEvict: (key) => evicted.push(key),
    });
    cache.set('a', 1, 1);
    cache.set('b', 2, 1);
    expect(cache.get('a')).toBe(1); // b is now the oldest
    cache.set('c', 3, 1);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
    expect(evicted).toEqual(['b']);
  });

  it('keeps the total weight within budget and refuses a value heavier than all of it', () => {
    const cache = createLruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'x', 4);
    cache.set('b', 'y', 4);
    cache.set('c', 'z', 4);
    expect(cache.weight).toBe(8);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', 'w', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('replaces, deletes and clears without counting weight twice', () => {
    const cache = createLruCache<string, string>({ maxEntries: 10, maxWeight: 10 });
    cache.set('a', 'x', 5);
    cache.set('a', 'y', 5);
    expect(cache.weight).toBe(5);
    expect(cache.get('a')).toBe('y');
    cache.delete('a');
    expect([cache.size, cache.weight]).toEqual([0, 0]);
    cache.set('b', 'z', 3);
    cache.clear();
    expect([cache.size, cache.weight, cache.get('b')]).toEqual([0, 0, undefined]);
  });

  it('counts hits and misses of lookups, and keeps counting across clear', () => {
    const cache = createLruCache<string, number>({ maxEntries: 10, maxWeight: 10 });
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1, 1);
    cache.get('a');
    cache.get('a');
    cache.clear();
    cache.get('a');
    expect([cache.hits, cache.misses]).toEqual([2, 2]);
  });
});

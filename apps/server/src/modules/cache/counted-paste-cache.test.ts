import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PastesTable } from '../../db/schema.js';
import { createLocalInvalidationBus } from '../../lib/invalidation.js';
import { createPasteCache } from '../pastes/paste-cache.js';
import { countedPasteCache, PASTE_CACHE_MAX_ENTRIES } from './counted-paste-cache.js';

const START = Date.parse('2026-06-01T12:00:00.000Z');

/** A paste row as stored. */
type PasteRow = Selectable<PastesTable>;

function row(n: number, patch: Partial<PasteRow> = {}): PasteRow {
  return {
    id: `id-${n}`,
    slug: `Slug${n}`,
    slug_key: `slug${n}`,
    content: 'x',
    size_bytes: 1,
    remark: null,
    password_hash: null,
    expires_at: null,
    max_views: 0,
    views: 0,
    created_by: null,
    created_at: new Date(START).toISOString(),
    updated_at: new Date(START).toISOString(),
    ...patch,
  };
}

function setup() {
  let now = START;
  const clock = { now: () => new Date(now) };
  const invalidation = createLocalInvalidationBus();
  const cache = countedPasteCache(createPasteCache({ clock, invalidation }), invalidation);
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('countedPasteCache', () => {
  it('counts found rows as hits and absent, expired or stale ones as misses', () => {
    const { cache, advance } = setup();
    cache.get('slug1');
    cache.put(row(1));
    cache.put(row(2, { expires_at: new Date(START + 1000).toISOString() }));
    expect(cache.get('SLUG1')?.id).toBe('id-1');
    advance(2000);
    expect(cache.get('slug2')).toBeUndefined(); // expired: dropped on read
    expect(cache.stats()).toMatchObject({ name: 'pastes', entries: 1, hits: 1, misses: 2 });
  });

  it('reports the entry limit the paste cache really keeps', () => {
    const { cache } = setup();
    for (let n = 0; n <= PASTE_CACHE_MAX_ENTRIES; n++) cache.put(row(n));
    expect(cache.size).toBe(PASTE_CACHE_MAX_ENTRIES);
    expect(cache.stats().max_entries).toBe(PASTE_CACHE_MAX_ENTRIES);
  });

  it('clears through the invalidation bus and answers the entries it dropped', async () => {
    const { cache } = setup();
    cache.put(row(1));
    cache.put(row(2));
    expect(await cache.clearEverywhere()).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.get('slug1')).toBeUndefined();
    expect(await cache.clearEverywhere()).toBe(0);
  });
});

import { cacheStatsListSchema, type CacheStats } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { adminToken, apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { API_KEY_CACHE_NAME, KEY_CACHE_MAX } from '../api-keys/api-key.service.js';
import { PASTE_CACHE_MAX_ENTRIES, PASTE_CACHE_NAME } from './counted-paste-cache.js';

type Headers = Record<string, string>;

async function createPaste(t: TestApp, token: string, content: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/paste',
    headers: bearer(token),
    payload: { content },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ data: { slug: string } }>().data.slug;
}

async function read(t: TestApp, slug: string): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
  expect(res.statusCode).toBe(200);
}

async function cacheStats(t: TestApp, token: string, name: string): Promise<CacheStats> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/cache/stats',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const list = cacheStatsListSchema.parse(res.json<{ data: unknown }>().data);
  const found = list.find((cache) => cache.name === name);
  if (!found) throw new Error(`no ${name} cache in the stats`);
  return found;
}

const pasteCacheStats = (t: TestApp, token: string) => cacheStats(t, token, PASTE_CACHE_NAME);

const clear = (t: TestApp, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe.each(DATABASE_KINDS)('cache stats and clearing on %s', (kind) => {
  const ctx = useAdminApp(kind);
  const stats = () => pasteCacheStats(ctx.t, ctx.token);

  it('shows a paste read as a miss that fills an entry, then a hit', async () => {
    const slug = await createPaste(ctx.t, ctx.token, 'cached');
    expect(await stats()).toEqual({
      name: 'pastes',
      entries: 0,
      max_entries: PASTE_CACHE_MAX_ENTRIES,
      hits: 0,
      misses: 0,
    });
    await read(ctx.t, slug);
    expect(await stats()).toMatchObject({ entries: 1, hits: 0, misses: 1 });
    await read(ctx.t, slug);
    expect(await stats()).toMatchObject({ entries: 1, hits: 1, misses: 1 });
  });

  it('empties the cache on an admin clear and answers how many entries it dropped', async () => {
    const slugs = [
      await createPaste(ctx.t, ctx.token, 'one'),
      await createPaste(ctx.t, ctx.token, 'two'),
    ];
    for (const slug of slugs) await read(ctx.t, slug);
    expect((await stats()).entries).toBe(2);

    const res = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ cleared: 2 });
    expect(await stats()).toMatchObject({ entries: 0, misses: 2 });
    await read(ctx.t, slugs[0]!); // read from the database again
    expect(await stats()).toMatchObject({ entries: 1, hits: 0, misses: 3 });

    const named = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token), {
      name: 'pastes',
    });
    expect(named.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    const again = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token), {});
    expect(again.json<{ data: unknown }>().data).toEqual({ cleared: 0 });
  });

  it('refuses an unknown cache name and unknown body fields', async () => {
    const unknown = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token), {
      name: 'nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe('NOT_FOUND');
    const extra = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token), { all: true });
    expect(extra.statusCode).toBe(400);
  });

  it('lets a text key clear the paste cache through the user endpoint, and no one else', async () => {
    const slug = await createPaste(ctx.t, ctx.token, 'for the key');
    await read(ctx.t, slug);
    const textKey = await givenApiKey(ctx.t, ctx.token, { text: true });
    const fileKey = await givenApiKey(ctx.t, ctx.token, { file: true, name: 'files only' });

    // A key without the text permission has nothing it may clear.
    const nothing = await clear(ctx.t, '/api/user/cache/clear', apiKey(fileKey.key));
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json<{ data: unknown }>().data).toEqual({ cleared: 0 });
    expect((await stats()).entries).toBe(1);
    const named = await clear(ctx.t, '/api/user/cache/clear', apiKey(fileKey.key), {
      name: 'pastes',
    });
    expect(named.statusCode).toBe(403);
    expect(named.json<{ error: string }>().error).toBe('PERMISSION_DENIED');

    const cleared = await clear(ctx.t, '/api/user/cache/clear', apiKey(textKey.key));
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    expect((await stats()).entries).toBe(0);

    expect((await clear(ctx.t, '/api/user/cache/clear', {})).statusCode).toBe(401);
  });

  it('lists the API-key cache; an admin clear empties it and the key is read again', async () => {
    const keyStats = () => cacheStats(ctx.t, ctx.token, API_KEY_CACHE_NAME);
    const key = await givenApiKey(ctx.t, ctx.token, { text: true });
    const before = await keyStats();
    expect(before).toMatchObject({ entries: 0, max_entries: KEY_CACHE_MAX });
    const useKey = async () => {
      const res = await ctx.t.app.inject({
        method: 'GET',
        url: '/api/user/pastes',
        headers: apiKey(key.key),
      });
      expect(res.statusCode).toBe(200);
    };
    await useKey();
    await useKey();
    expect(await keyStats()).toMatchObject({
      entries: 1,
      hits: before.hits + 1,
      misses: before.misses + 1,
    });

    // Keys may not clear it: it holds credentials.
    const byKey = await clear(ctx.t, '/api/user/cache/clear', apiKey(key.key), {
      name: API_KEY_CACHE_NAME,
    });
    expect(byKey.statusCode).toBe(403);

    const res = await clear(ctx.t, '/api/admin/cache/clear', bearer(ctx.token), {
      name: API_KEY_CACHE_NAME,
    });
    expect(res.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    expect((await keyStats()).entries).toBe(0);
    await useKey(); // from the database again
    expect(await keyStats()).toMatchObject({ entries: 1, misses: before.misses + 2 });
  });

  it('keeps cache stats and the admin clear to the admin: 401 for a guest, 403 for a key', async () => {
    const key = await givenApiKey(ctx.t, ctx.token, { text: true, file: true, mount: true });
    for (const [method, url] of [
      ['GET', '/api/admin/cache/stats'],
      ['POST', '/api/admin/cache/clear'],
    ] as const) {
      const guest = await ctx.t.app.inject({ method, url });
      expect(guest.statusCode, url).toBe(401);
      const keyed = await ctx.t.app.inject({ method, url, headers: apiKey(key.key) });
      expect(keyed.statusCode, url).toBe(403);
      expect(keyed.json<{ error: string }>().error).toBe('ADMIN_ONLY');
    }
  });
});

describe('cache clearing across instances on PostgreSQL', () => {
  it('empties another instance’s paste cache too', async () => {
    const a = await buildTestApp('postgres');
    const b = await buildTestApp('postgres', { sameDatabaseAs: a });
    try {
      const token = await adminToken(a);
      const slug = await createPaste(a, token, 'everywhere');
      await read(b, slug); // now cached on b
      expect((await pasteCacheStats(b, token)).entries).toBe(1);
      const res = await clear(a, '/api/admin/cache/clear', bearer(token));
      expect(res.json<{ data: unknown }>().data).toEqual({ cleared: 0 }); // a held none itself
      await expect.poll(async () => (await pasteCacheStats(b, token)).entries, UNTIL_DONE).toBe(0);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

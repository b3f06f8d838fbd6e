import { randomUUID } from 'node:crypto';
import {
  cacheStatsListSchema,
  type CacheStats,
  type FsList,
  type FsSearchResponse,
} from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { givenStorage } from '../../../test/files.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { givenMount, seedObject } from '../../../test/mounts.js';
import { SEARCH_CACHE_NAME } from '../search/search-cache.js';
import { LISTING_CACHE_NAME } from './listing-cache.js';

type Headers = Record<string, string>;

async function cacheStats(t: TestApp, token: string, name: string): Promise<CacheStats> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/cache/stats',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const found = cacheStatsListSchema
    .parse(res.json<{ data: unknown }>().data)
    .find((cache) => cache.name === name);
  if (!found) throw new Error(`no ${name} cache in the stats`);
  return found;
}

/**
 * Waits until this instance has heard back every bus message it published so far: on
 * PostgreSQL a publish is delivered here at once and again when its NOTIFY comes back (in
 * commit order, so a later message's echo follows it); SQLite delivers once, at once. Without
 * it a late echo of a drop could land in the middle of the next read and keep its page out.
 */
async function busSettled(t: TestApp): Promise<void> {
  const topic = `test-settled-${randomUUID()}`;
  let heard = 0;
  t.database.invalidation.subscribe(topic, () => {
    heard += 1;
  });
  await t.database.invalidation.publish(topic, 'x');
  await expect.poll(() => heard, UNTIL_DONE).toBe(t.database.kind === 'postgres' ? 2 : 1);
}

/** Posts a clear and waits for its drops to have come back (see busSettled). */
async function clear(t: TestApp, url: string, headers: Headers, payload?: object) {
  const res = await t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  await busSettled(t);
  return res;
}

describe.each(DATABASE_KINDS)('scoped cache clearing and the search cache on %s', (kind) => {
  const admin = useAdminApp(kind);
  const auth = () => bearer(admin.token);
  const listingStats = () => cacheStats(admin.t, admin.token, LISTING_CACHE_NAME);
  const searchStats = () => cacheStats(admin.t, admin.token, SEARCH_CACHE_NAME);

  async function list(path: string): Promise<FsList> {
    const res = await admin.t.app.inject({
      method: 'GET',
      url: `/api/fs/list?path=${encodeURIComponent(path)}`,
      headers: auth(),
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: FsList }>().data;
  }

  /** /a on the local disk, /b on an S3 storage, both open to keys, listings cached. */
  async function givenTwoStorages() {
    const { t, token } = admin;
    const storageA = await givenStorage(t, token, 'local', { allow_api_keys: true });
    const storageB = await givenStorage(t, token, 's3', { allow_api_keys: true });
    const mountA = await givenMount(t, '/a', storageA, { cache_ttl: 300 });
    const mountB = await givenMount(t, '/b', storageB, { cache_ttl: 300 });
    await seedObject(t, storageA, 'in-a.txt', Buffer.from('a'));
    await seedObject(t, storageB, 'in-b.txt', Buffer.from('b'));
    await busSettled(t);
    return { storageA, storageB, mountA, mountB };
  }

  /** Lists both mounts (filling the cache); answers the listing stats after. */
  async function listBoth(): Promise<CacheStats> {
    expect((await list('/a')).items.map((i) => i.name)).toContain('in-a.txt');
    expect((await list('/b')).items.map((i) => i.name)).toContain('in-b.txt');
    return listingStats();
  }

  /** After a clear of A's storage only: listing both again misses /a once and hits /b. */
  async function expectOnlyADropped(before: CacheStats) {
    expect(await listingStats()).toMatchObject({ entries: before.entries - 1 });
    expect(await listBoth()).toMatchObject({
      entries: before.entries,
      misses: before.misses + 1,
      hits: before.hits + 1,
    });
  }

  it('drops only the listing pages of a mount’s storage on an admin clear with mountId', async () => {
    const { mountA } = await givenTwoStorages();
    const before = await listBoth();
    expect(before).toMatchObject({ entries: 2, misses: 2, hits: 0 });
    const res = await clear(admin.t, '/api/admin/cache/clear', auth(), { mountId: mountA });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    await expectOnlyADropped(before);
  });

  it('drops only a storage config’s listing pages on an admin clear with s3ConfigId', async () => {
    const { storageA } = await givenTwoStorages();
    const before = await listBoth();
    const res = await clear(admin.t, '/api/admin/cache/clear', auth(), {
      s3ConfigId: storageA,
      name: LISTING_CACHE_NAME,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    await expectOnlyADropped(before);
  });

  it('lets the admin clear by an inactive mount, and refuses bad scopes', async () => {
    const { mountA, storageA } = await givenTwoStorages();
    const before = await listBoth();
    await admin.t.database.db
      .updateTable('mounts')
      .set({ is_active: 0 })
      .where('id', '=', mountA)
      .execute();
    await admin.t.root.mountTable.changed(mountA);
    await busSettled(admin.t);
    const inactive = await clear(admin.t, '/api/admin/cache/clear', auth(), { mountId: mountA });
    expect(inactive.statusCode).toBe(200);
    expect(await listingStats()).toMatchObject({ entries: before.entries - 1 });

    const both = await clear(admin.t, '/api/admin/cache/clear', auth(), {
      mountId: mountA,
      s3ConfigId: storageA,
    });
    expect(both.statusCode).toBe(400);
    const body = both.json<{ error: string; details: { field: string }[] }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field)).toContain('s3ConfigId');

    for (const payload of [{ mountId: randomUUID() }, { s3ConfigId: randomUUID() }]) {
      const unknown = await clear(admin.t, '/api/admin/cache/clear', auth(), payload);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ error: string }>().error).toBe('NOT_FOUND');
    }
    const unknownField = await clear(admin.t, '/api/admin/cache/clear', auth(), {
      mount_id: mountA,
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('keeps an API key’s clear to the storages of its own mounts', async () => {
    const { mountA, mountB, storageB } = await givenTwoStorages();
    const key = await givenApiKey(admin.t, admin.token, { mount: true, basic_path: '/a' });
    const before = await listBoth();

    // A mount outside its basic path is as absent as an unknown one.
    const outside = await clear(admin.t, '/api/user/cache/clear', apiKey(key.key), {
      mountId: mountB,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json<{ error: string; message: string }>()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'mount not found',
    });
    const byConfig = await clear(admin.t, '/api/user/cache/clear', apiKey(key.key), {
      s3ConfigId: storageB,
    });
    expect(byConfig.statusCode).toBe(403);
    expect(byConfig.json<{ error: string }>().error).toBe('PERMISSION_DENIED');
    expect(await listingStats()).toMatchObject({ entries: before.entries });

    // No body: every cache it may clear, but of the listings only its own storage's pages.
    const own = await clear(admin.t, '/api/user/cache/clear', apiKey(key.key));
    expect(own.statusCode).toBe(200);
    expect(own.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    await expectOnlyADropped(before);

    const byMount = await clear(admin.t, '/api/user/cache/clear', apiKey(key.key), {
      mountId: mountA,
    });
    expect(byMount.statusCode).toBe(200);
  });

  it('serves a repeated search from the cache, and a write makes the next one see it', async () => {
    await givenTwoStorages();
    const token = `cached${randomUUID().slice(0, 8)}`;
    const search = async () => {
      const res = await admin.t.app.inject({
        method: 'GET',
        url: `/api/fs/search?q=${token}`,
        headers: auth(),
      });
      expect(res.statusCode).toBe(200);
      return res
        .json<{ data: FsSearchResponse }>()
        .data.results.map((r) => r.path)
        .sort();
    };
    const mkdir = async (path: string) => {
      const res = await admin.t.app.inject({
        method: 'POST',
        url: '/api/fs/mkdir',
        headers: auth(),
        payload: { path },
      });
      expect(res.statusCode).toBeLessThan(300);
      await busSettled(admin.t);
    };

    await mkdir(`/a/${token}-one`);
    const start = await searchStats();
    expect(await search()).toEqual([`/a/${token}-one`]);
    expect(await search()).toEqual([`/a/${token}-one`]);
    expect(await searchStats()).toMatchObject({
      entries: start.entries + 1,
      misses: start.misses + 1,
      hits: start.hits + 1,
    });

    await mkdir(`/b/${token}-two`);
    expect(await search()).toEqual([`/a/${token}-one`, `/b/${token}-two`]);
    expect((await searchStats()).misses).toBe(start.misses + 2);

    // The page touches both storages: a scoped clear of either drops it.
    const storageA = (await admin.t.storage.getDefault()).id;
    expect(await search()).toEqual([`/a/${token}-one`, `/b/${token}-two`]); // now cached
    const cleared = await clear(admin.t, '/api/admin/cache/clear', auth(), {
      s3ConfigId: storageA,
      name: SEARCH_CACHE_NAME,
    });
    expect(cleared.json<{ data: unknown }>().data).toEqual({ cleared: 1 });
    expect((await searchStats()).entries).toBe(start.entries);

    // Pages are kept per reach: a key below /a never gets the admin's page, cached or not.
    const key = await givenApiKey(admin.t, admin.token, { mount: true, basic_path: '/a' });
    expect(await search()).toHaveLength(2); // the admin's page cached again
    const keyed = async () => {
      const res = await admin.t.app.inject({
        method: 'GET',
        url: `/api/fs/search?q=${token}`,
        headers: apiKey(key.key),
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: FsSearchResponse }>().data.results.map((r) => r.path);
    };
    expect(await keyed()).toEqual([`/a/${token}-one`]);
    expect(await keyed()).toEqual([`/a/${token}-one`]);
  });
});

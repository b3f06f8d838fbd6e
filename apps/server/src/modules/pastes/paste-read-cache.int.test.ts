import { describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { adminToken, bearer, useAdminApp } from '../../../test/identity.js';

type Data<T> = { data: T };

async function createPaste(t: TestApp, token: string, payload: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/paste',
    headers: bearer(token),
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<Data<{ slug: string }>>().data.slug;
}

const read = (t: TestApp, slug: string) =>
  t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
const contentOf = async (t: TestApp, slug: string) =>
  (await read(t, slug)).json<Data<{ content: string }>>().data.content;

/**
 * Reads of unlimited pastes come from memory and their views are written in batches; these
 * tests check that no edit, deletion, expiry or restart shows stale or lost data.
 */
describe.each(DATABASE_KINDS)('cached paste reads on %s', (kind) => {
  const clock = movableClock(new Date());
  const ctx = useAdminApp(kind, { clock });

  const manage = (method: 'PUT' | 'DELETE', id: string, payload?: object) =>
    ctx.t.app.inject({
      method,
      url: `/api/admin/pastes/${id}`,
      headers: bearer(ctx.token),
      ...(payload ? { payload } : {}),
    });
  const idOf = async (slug: string) =>
    (await read(ctx.t, slug)).json<Data<{ manage_id: string | null }>>().data.manage_id;
  const idAsAdmin = async (slug: string) => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/paste/${slug}`,
      headers: bearer(ctx.token),
    });
    return res.json<Data<{ manage_id: string }>>().data.manage_id;
  };

  it('counts every read of an unlimited paste in the response', async () => {
    const slug = await createPaste(ctx.t, ctx.token, { content: 'counted' });
    const views: number[] = [];
    for (let i = 0; i < 3; i++)
      views.push((await read(ctx.t, slug)).json<Data<{ views: number }>>().data.views);
    expect(views).toEqual([1, 2, 3]);
    expect(await idOf(slug)).toBeNull();
  });

  it('shows an edit and a slug change at once, and a deletion', async () => {
    const slug = await createPaste(ctx.t, ctx.token, { content: 'before', slug: `c-${kind}` });
    const id = await idAsAdmin(slug);
    expect(await contentOf(ctx.t, slug)).toBe('before');
    expect((await manage('PUT', id, { content: 'after' })).statusCode).toBe(200);
    expect(await contentOf(ctx.t, slug)).toBe('after');
    expect((await manage('PUT', id, { slug: `moved-${kind}` })).statusCode).toBe(200);
    expect((await read(ctx.t, slug)).statusCode).toBe(404);
    expect(await contentOf(ctx.t, `moved-${kind}`)).toBe('after');
    expect((await manage('DELETE', id)).statusCode).toBe(200);
    expect((await read(ctx.t, `moved-${kind}`)).statusCode).toBe(404);
  });

  it('applies a view limit set later, counting the reads made before it', async () => {
    const slug = await createPaste(ctx.t, ctx.token, { content: 'limited later' });
    const id = await idAsAdmin(slug); // read 1
    await read(ctx.t, slug); // read 2
    expect((await manage('PUT', id, { max_views: 3 })).statusCode).toBe(200);
    const third = (await read(ctx.t, slug)).json<Data<{ remaining_views: number }>>();
    expect(third.data.remaining_views).toBe(0);
    expect((await read(ctx.t, slug)).statusCode).toBe(410);
  });

  it('answers 410 once a cached paste expires, and serves a new paste under its freed slug', async () => {
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const slug = `exp-${kind}`;
    await createPaste(ctx.t, ctx.token, { content: 'old', slug, expires_at: expiresAt });
    expect(await contentOf(ctx.t, slug)).toBe('old');
    clock.advance(61_000);
    expect((await read(ctx.t, slug)).statusCode).toBe(410);
    const cleared = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/pastes/clear-expired',
      headers: bearer(ctx.token),
      payload: { clearExpired: true },
    });
    expect(cleared.json<Data<{ deleted: number }>>().data.deleted).toBeGreaterThanOrEqual(1);
    await createPaste(ctx.t, ctx.token, { content: 'new', slug });
    expect(await contentOf(ctx.t, slug)).toBe('new');
  });

  it('writes the views counted in memory when the server stops', async () => {
    const first = await buildTestApp(kind, { clock });
    const token = await adminToken(first);
    const slug = await createPaste(first, token, { content: 'persisted views' });
    for (let i = 0; i < 4; i++) expect((await read(first, slug)).statusCode).toBe(200);
    const second = await buildTestApp(kind, { clock, sameDatabaseAs: first });
    await first.app.close();
    try {
      const res = await read(second, slug);
      expect(res.json<Data<{ views: number }>>().data.views).toBe(5);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('cached paste reads across instances on PostgreSQL', () => {
  it('drops another instance’s cached copy when a paste is edited or deleted', async () => {
    const a = await buildTestApp('postgres');
    const b = await buildTestApp('postgres', { sameDatabaseAs: a });
    try {
      const token = await adminToken(a);
      const slug = await createPaste(a, token, { content: 'v1' });
      expect(await contentOf(b, slug)).toBe('v1'); // now cached on b
      const id = (
        await a.app.inject({ method: 'GET', url: `/api/paste/${slug}`, headers: bearer(token) })
      ).json<Data<{ manage_id: string }>>().data.manage_id;
      await a.app.inject({
        method: 'PUT',
        url: `/api/admin/pastes/${id}`,
        headers: bearer(token),
        payload: { content: 'v2' },
      });
      await expect.poll(() => contentOf(b, slug), UNTIL_DONE).toBe('v2');
      await a.app.inject({
        method: 'DELETE',
        url: `/api/admin/pastes/${id}`,
        headers: bearer(token),
      });
      await expect.poll(async () => (await read(b, slug)).statusCode, UNTIL_DONE).toBe(404);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

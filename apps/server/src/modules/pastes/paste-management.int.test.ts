import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

describe.each(DATABASE_KINDS)('managing pastes on %s', (kind) => {
  const clock = movableClock(new Date());
  const ctx = useAdminApp(kind, { clock });

  async function givenPaste(headers: Record<string, string>, payload: object = {}) {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers,
      payload: { content: 'c'.repeat(300), ...payload },
    });
    expect(res.statusCode).toBe(201);
    const slug = res.json<{ data: { slug: string } }>().data.slug;
    const row = await ctx.t.database.db
      .selectFrom('pastes')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return { slug, id: row.id };
  }

  const adminGet = (url: string) =>
    ctx.t.app.inject({ method: 'GET', url, headers: bearer(ctx.token) });

  it('pages admin listings (defaults page 1, limit 10) with previews, never full content', async () => {
    for (let i = 0; i < 12; i++) {
      await givenPaste(bearer(ctx.token), { remark: `note ${i}` });
      clock.advance(1000);
    }
    const first = await adminGet('/api/admin/pastes');
    const data = first.json<{
      data: { items: Record<string, unknown>[]; total: number; page: number; limit: number };
    }>().data;
    expect(data).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(data.items).toHaveLength(10);
    expect(data.items[0]).toMatchObject({ remark: 'note 11' });
    expect(String(data.items[0]?.preview)).toHaveLength(200);
    expect(data.items[0]).not.toHaveProperty('content');
    expect(data.items[0]).not.toHaveProperty('password_hash');
    const second = await adminGet('/api/admin/pastes?page=2&limit=10');
    expect(second.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(2);
    expect((await adminGet('/api/admin/pastes?limit=1000')).statusCode).toBe(400);
  });

  it('searches slug and remark, treating % and _ literally', async () => {
    await givenPaste(bearer(ctx.token), { slug: 'release-notes', remark: 'v1' });
    await givenPaste(bearer(ctx.token), { slug: 'other', remark: '100% done' });
    await givenPaste(bearer(ctx.token), { slug: 'third', remark: 'plain' });
    const search = async (q: string) =>
      (await adminGet(`/api/admin/pastes?search=${encodeURIComponent(q)}`))
        .json<{ data: { items: { slug: string }[] } }>()
        .data.items.map((p) => p.slug);
    expect(await search('RELEASE')).toEqual(['release-notes']);
    expect(await search('0%')).toEqual(['other']);
    expect(await search('e_')).toEqual([]);
    expect((await adminGet('/api/admin/pastes?search=x')).statusCode).toBe(400);
  });

  it('edits content, slug, password (set and clear), expiry and max views', async () => {
    const { id } = await givenPaste(bearer(ctx.token), { slug: 'first-slug' });
    await givenPaste(bearer(ctx.token), { slug: 'taken-slug' });
    const put = (payload: object) =>
      ctx.t.app.inject({
        method: 'PUT',
        url: `/api/admin/pastes/${id}`,
        headers: bearer(ctx.token),
        payload,
      });
    const edited = await put({
      content: 'new text',
      slug: 'second-slug',
      password: 'pw-123',
      max_views: 3,
      remark: 'r',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      data: {
        content: 'new text',
        slug: 'second-slug',
        has_password: true,
        max_views: 3,
        remark: 'r',
        size_bytes: 8,
      },
    });
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/paste/first-slug' })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/paste/second-slug' })).json(),
    ).toMatchObject({
      data: { password_required: true },
    });
    expect((await put({ password: null })).json()).toMatchObject({ data: { has_password: false } });
    const taken = await put({ slug: 'TAKEN-slug' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'SLUG_TAKEN' });
    expect((await put({ slug: 'admin' })).statusCode).toBe(400);
    expect((await put({ views: 0 })).statusCode).toBe(400);
  });

  it('reading for management does not count a view', async () => {
    const { id, slug } = await givenPaste(bearer(ctx.token), { max_views: 1 });
    expect((await adminGet(`/api/admin/pastes/${id}`)).json()).toMatchObject({
      data: { views: 0 },
    });
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` })).statusCode).toBe(
      200,
    );
  });

  it('keeps API keys to their own pastes; another id answers 404', async () => {
    const mine = await givenApiKey(ctx.t, ctx.token, { text: true });
    const theirs = await givenApiKey(ctx.t, ctx.token, { text: true });
    const own = await givenPaste(apiKey(mine.key));
    const other = await givenPaste(apiKey(theirs.key));
    const byAdmin = await givenPaste(bearer(ctx.token));

    const list = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/user/pastes',
      headers: apiKey(mine.key),
    });
    expect(list.json()).toMatchObject({
      data: { total: 1, limit: 10, offset: 0, items: [{ id: own.id }] },
    });
    const get = (id: string) =>
      ctx.t.app.inject({ method: 'GET', url: `/api/user/pastes/${id}`, headers: apiKey(mine.key) });
    expect((await get(own.id)).statusCode).toBe(200);
    expect((await get(other.id)).statusCode).toBe(404);
    expect((await get(byAdmin.id)).statusCode).toBe(404);
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/user/pastes/${other.id}`,
      headers: apiKey(mine.key),
      payload: { content: 'hijack' },
    });
    expect(put.statusCode).toBe(404);
    const batch = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/user/pastes/batch-delete',
      headers: apiKey(mine.key),
      payload: { ids: [own.id, other.id, byAdmin.id] },
    });
    expect(batch.json()).toMatchObject({ data: { deleted: 1 } });
    expect((await adminGet('/api/admin/pastes')).json()).toMatchObject({ data: { total: 2 } });
    expect(
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: '/api/admin/pastes',
          headers: apiKey(mine.key),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('batch-deletes and clears expired and used-up pastes', async () => {
    const a = await givenPaste(bearer(ctx.token));
    const b = await givenPaste(bearer(ctx.token));
    await givenPaste(bearer(ctx.token), {
      expires_at: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const used = await givenPaste(bearer(ctx.token), { max_views: 1 });
    await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${used.slug}` });
    const batch = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/pastes/batch-delete',
      headers: bearer(ctx.token),
      payload: { ids: [a.id, b.id, 'missing'] },
    });
    expect(batch.json()).toMatchObject({ data: { deleted: 2 } });
    clock.advance(60_000);
    const cleared = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/pastes/clear-expired',
      headers: bearer(ctx.token),
    });
    expect(cleared.json()).toMatchObject({ data: { deleted: 2 } });
    expect((await adminGet('/api/admin/pastes')).json()).toMatchObject({ data: { total: 0 } });
    const empty = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/pastes/batch-delete',
      headers: bearer(ctx.token),
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

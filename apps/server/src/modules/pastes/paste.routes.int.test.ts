import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

const MB10 = 10 * 1024 * 1024;

describe.each(DATABASE_KINDS)('pastes over HTTP on %s', (kind) => {
  const clock = movableClock(new Date());
  const ctx = useAdminApp(kind, { clock });

  const create = (payload: object, headers: Record<string, string> = bearer(ctx.token)) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/paste', headers, payload });
  const slugOf = (res: { json: <T>() => T }) => res.json<{ data: { slug: string } }>().data.slug;

  it('creates with a random 8-character slug and returns the links', async () => {
    const res = await create({ content: '# Hello' });
    expect(res.statusCode).toBe(201);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data.slug).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(data).toMatchObject({
      url: `/paste/${String(data.slug)}`,
      raw_url: `/api/raw/${String(data.slug)}`,
      expires_at: null,
      max_views: 0,
      has_password: false,
    });
  });

  it('lets guests create only when the administrator allows it', async () => {
    expect((await create({ content: 'x' }, {})).statusCode).toBe(401);
    await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: bearer(ctx.token),
      payload: { allow_guest_pastes: true },
    });
    expect((await create({ content: 'x' }, {})).statusCode).toBe(201);
  });

  it('requires the text permission of an API key', async () => {
    const withText = await givenApiKey(ctx.t, ctx.token, { text: true });
    const without = await givenApiKey(ctx.t, ctx.token, { file: true });
    expect((await create({ content: 'x' }, apiKey(withText.key))).statusCode).toBe(201);
    const denied = await create({ content: 'x' }, apiKey(without.key));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'PERMISSION_DENIED' });
  });

  it('creates concurrently: one of many racing for a slug wins, every random slug lands', async () => {
    const racing = Array.from({ length: 10 }, (_, i) => create({ content: `r${i}`, slug: 'race' }));
    const random = Array.from({ length: 40 }, (_, i) => create({ content: `n${i}` }));
    const [raced, made] = await Promise.all([Promise.all(racing), Promise.all(random)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(made.every((r) => r.statusCode === 201)).toBe(true);
    const slugs = new Set(made.map(slugOf));
    expect(slugs.size).toBe(40);
    for (const slug of [...slugs].slice(0, 5)) {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` });
      expect(res.body).toMatch(/^n\d+$/);
    }
  });

  it('gives the manage id only to the creating key and the administrator', async () => {
    const owner = await givenApiKey(ctx.t, ctx.token, { text: true });
    const other = await givenApiKey(ctx.t, ctx.token, { text: true });
    const created = await create({ content: 'mine' }, apiKey(owner.key));
    const slug = slugOf(created);
    const manageIdAs = async (headers: Record<string, string>) => {
      const res = await ctx.t.app.inject({ method: 'GET', url: `/api/paste/${slug}`, headers });
      return res.json<{ data: { manage_id: string | null } }>().data.manage_id;
    };
    const ownerSees = await manageIdAs(apiKey(owner.key));
    // Time-ordered (UUID v7): new rows append to the id index instead of landing at random.
    expect(ownerSees).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(await manageIdAs(bearer(ctx.token))).toBe(ownerSees);
    expect(await manageIdAs(apiKey(other.key))).toBeNull();
    expect(await manageIdAs({})).toBeNull();
    const edited = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/user/pastes/${String(ownerSees)}`,
      headers: apiKey(owner.key),
      payload: { content: 'edited' },
    });
    expect(edited.statusCode).toBe(200);
  });

  it('refuses reserved and malformed slugs and a taken slug in any case', async () => {
    for (const slug of ['admin', 'API', 'has space', 'x'.repeat(51)]) {
      const res = await create({ content: 'x', slug });
      expect(res.statusCode, slug).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'VALIDATION_FAILED',
        details: [{ field: 'slug' }],
      });
    }
    expect((await create({ content: 'x', slug: 'My-Note' })).statusCode).toBe(201);
    const taken = await create({ content: 'y', slug: 'my-note' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'SLUG_TAKEN' });
  });

  it('accepts exactly 10 MB of UTF-8 and refuses one byte more with 413', async () => {
    expect((await create({ content: 'a'.repeat(MB10) })).statusCode).toBe(201);
    const over = await create({ content: 'é'.repeat(MB10 / 2) + 'a' });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect((await create({ content: '' })).statusCode).toBe(400);
  });

  it('serves content, raw text safely, and HEAD without counting', async () => {
    const slug = slugOf(await create({ content: '<script>alert(1)</script>', max_views: 2 }));
    const head = await ctx.t.app.inject({ method: 'HEAD', url: `/api/raw/${slug}` });
    expect(head.statusCode).toBe(200);
    const raw = await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe('<script>alert(1)</script>');
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const view = await ctx.t.app.inject({ method: 'GET', url: `/api/paste/${slug.toUpperCase()}` });
    expect(view.json()).toMatchObject({
      data: { views: 2, remaining_views: 0, content: '<script>alert(1)</script>' },
    });
    const gone = await ctx.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({
      error: 'GONE',
      details: [{ field: 'paste', rule: 'view_limit' }],
    });
  });

  it('shows a password paste only after the right password, never its content in the prompt', async () => {
    const slug = slugOf(await create({ content: 'secret text', password: 'open sesame' }));
    const prompt = await ctx.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
    expect(prompt.json()).toEqual(
      expect.objectContaining({ data: { slug, has_password: true, password_required: true } }),
    );
    expect(prompt.body).not.toContain('secret text');
    const wrong = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/paste/${slug}`,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'PASSWORD_INVALID' });
    const right = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/paste/${slug}`,
      payload: { password: 'open sesame' },
    });
    expect(right.json()).toMatchObject({ data: { content: 'secret text', has_password: true } });
    const raw = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/raw/${slug}?password=open%20sesame`,
    });
    expect(raw.body).toBe('secret text');
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` })).statusCode).toBe(
      401,
    );
    // HEAD tells the size only to whoever knows the password (attack: size of a secret paste).
    const head = await ctx.t.app.inject({ method: 'HEAD', url: `/api/raw/${slug}` });
    expect(head.statusCode).toBe(401);
    expect(head.headers['content-length']).not.toBe('11');
    const unlockedHead = await ctx.t.app.inject({
      method: 'HEAD',
      url: `/api/raw/${slug}?password=open%20sesame`,
    });
    expect(unlockedHead.statusCode).toBe(200);
    expect(unlockedHead.headers['content-length']).toBe('11');
    const row = await ctx.t.database.db
      .selectFrom('pastes')
      .select('password_hash')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('limits wrong share passwords per paste with 429', async () => {
    const slug = slugOf(await create({ content: 's', password: 'right-one' }));
    for (let i = 0; i < 5; i++) {
      await ctx.t.app.inject({
        method: 'POST',
        url: `/api/paste/${slug}`,
        payload: { password: 'x' },
        remoteAddress: `10.1.0.${i}`,
      });
    }
    const locked = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/paste/${slug}`,
      payload: { password: 'right-one' },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown slug and 410 once expired', async () => {
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/paste/nothing-here' })).statusCode,
    ).toBe(404);
    const expires = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const slug = slugOf(await create({ content: 'soon gone', expires_at: expires }));
    expect((await ctx.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` })).statusCode).toBe(
      200,
    );
    clock.advance(3_600_000);
    const expired = await ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ details: [{ field: 'paste', rule: 'expired' }] });
    const past = await create({ content: 'x', expires_at: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
  });

  it('gives exactly 5 of 200 concurrent HTTP readers the content of a max_views = 5 paste', async () => {
    const slug = slugOf(await create({ content: 'limited', max_views: 5 }));
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        ctx.t.app.inject({ method: 'GET', url: `/api/raw/${slug}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(195);
  });
});

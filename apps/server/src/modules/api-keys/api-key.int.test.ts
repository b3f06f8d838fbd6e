import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '@pasteport/contract';
import { buildTestApp } from '../../../test/app-harness.js';
import { mayWriteMounts } from '../../vfs/mount-space.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { UNTIL_DONE } from '../../../test/hang-guard.js';
import { adminToken, apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';

describe.each(DATABASE_KINDS)('API keys on %s', (kind) => {
  const clock = movableClock(new Date());
  const ctx = useAdminApp(kind, { clock });

  const selfCheck = (key: string) =>
    ctx.t.app.inject({ method: 'GET', url: '/api/test/api-key', headers: apiKey(key) });

  it('creates a key shown once, stores only its hash and a prefix, and lists it without the key', async () => {
    const created = await givenApiKey(ctx.t, ctx.token, {
      name: 'ci',
      text: true,
      basic_path: '/docs/',
    });
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'ci',
      key_prefix: created.key.slice(0, 8),
      text_permission: true,
      file_permission: false,
      mount_permission: false,
      basic_path: '/docs',
      expires_at: null,
      last_used_at: null,
    });
    const rows = await ctx.t.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.key);
    const list = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: bearer(ctx.token),
    });
    expect(list.statusCode).toBe(200);
    const keys = list.json<{ data: Record<string, unknown>[] }>().data;
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toHaveProperty('key');
    expect(keys[0]).not.toHaveProperty('key_hash');
    expect(Object.keys(keys[0] ?? {}).sort()).toEqual(
      [
        'basic_path',
        'created_at',
        'expires_at',
        'file_permission',
        'id',
        'key_prefix',
        'last_used_at',
        'mount_permission',
        'mount_read_only',
        'name',
        'text_permission',
        'updated_at',
      ].sort(),
    );
  });

  it('lets a key describe itself (SPEC §3 info form)', async () => {
    const created = await givenApiKey(ctx.t, ctx.token, {
      name: 'files',
      file: true,
      mount: true,
      basic_path: '/a',
    });
    const res = await selfCheck(created.key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        name: 'files',
        basic_path: '/a',
        permissions: { text: false, file: true, mount: true, mount_read_only: false },
        key_info: { id: created.id, name: 'files', basic_path: '/a' },
      },
    });
  });

  it('accepts a custom key and refuses a taken one with 409 on the field', async () => {
    const custom = 'my-team_key-0123456789';
    const created = await givenApiKey(ctx.t, ctx.token, { custom_key: custom });
    expect(created.key).toBe(custom);
    expect((await selfCheck(custom)).statusCode).toBe(200);
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(ctx.token),
      payload: { name: 'dup', expires_at: null, custom_key: custom },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'ALREADY_EXISTS',
      details: [{ field: 'custom_key' }],
    });
  });

  it.each([
    [{ name: '', expires_at: null }, 'name'],
    [{ name: 'x', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'x', expires_at: '2000-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'x', expires_at: null, custom_key: 'short' }, 'custom_key'],
    [{ name: 'x', expires_at: null, custom_key: 'has spaces in the key!' }, 'custom_key'],
    [{ name: 'x', expires_at: null, basic_path: 'docs' }, 'basic_path'],
    [{ name: 'x', expires_at: null, basic_path: '/docs/../etc' }, 'basic_path'],
    [{ name: 'x'.repeat(51), expires_at: null }, 'name'],
  ])('refuses %j naming %s', async (payload, field) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(ctx.token),
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { field: string }[] }>().details.map((d) => d.field)).toContain(
      field,
    );
    expect(await ctx.t.database.db.selectFrom('api_keys').selectAll().execute()).toHaveLength(0);
  });

  it('edits a key; the change applies to the next request', async () => {
    const created = await givenApiKey(ctx.t, ctx.token, { text: true });
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/admin/api-keys/${created.id}`,
      headers: bearer(ctx.token),
      payload: {
        name: 'renamed',
        text_permission: false,
        mount_permission: true,
        basic_path: '/m',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { name: 'renamed', text_permission: false, mount_permission: true, basic_path: '/m' },
    });
    expect((await selfCheck(created.key)).json()).toMatchObject({
      data: { permissions: { text: false, mount: true } },
    });
    const unknownField = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/admin/api-keys/${created.id}`,
      headers: bearer(ctx.token),
      payload: { key_hash: 'x' },
    });
    expect(unknownField.statusCode).toBe(400);
    const missing = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/admin/api-keys/nope',
      headers: bearer(ctx.token),
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  const putKey = (id: string, payload: Record<string, unknown>) =>
    ctx.t.app.inject({
      method: 'PUT',
      url: `/api/admin/api-keys/${id}`,
      headers: bearer(ctx.token),
      payload,
    });
  const permissionsOf = async (key: string) =>
    (await selfCheck(key)).json<{ data: { permissions: Record<string, boolean> } }>().data
      .permissions;

  it('has three mount levels: none, read-only and read-write (the default with the permission)', async () => {
    const post = (payload: Record<string, unknown>) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: bearer(ctx.token),
        payload: { name: 'k', expires_at: null, ...payload },
      });
    const readOnly = await post({ mount_permission: true, mount_read_only: true });
    expect(readOnly.statusCode).toBe(201);
    const created = readOnly.json<{ data: CreatedApiKey }>().data;
    expect(created).toMatchObject({ mount_permission: true, mount_read_only: true });
    expect(await permissionsOf(created.key)).toEqual({
      text: false,
      file: false,
      mount: true,
      mount_read_only: true,
    });
    const readWrite = (await post({ mount_permission: true })).json<{ data: CreatedApiKey }>();
    expect(readWrite.data).toMatchObject({ mount_permission: true, mount_read_only: false });
    const none = (await post({ text_permission: true })).json<{ data: CreatedApiKey }>();
    expect(none.data).toMatchObject({ mount_permission: false, mount_read_only: false });
    const listed = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/admin/api-keys',
      headers: bearer(ctx.token),
    });
    expect(
      listed
        .json<{ data: CreatedApiKey[] }>()
        .data.map((k) => [k.mount_permission, k.mount_read_only])
        .sort(),
    ).toEqual([
      [false, false],
      [true, false],
      [true, true],
    ]);
  });

  it('refuses read-only without the mount permission (400 on mount_read_only), never dropping it', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/admin/api-keys',
      headers: bearer(ctx.token),
      payload: { name: 'k', expires_at: null, text_permission: true, mount_read_only: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      details: [{ field: 'mount_read_only', rule: 'requires_mount_permission' }],
    });
    expect(await ctx.t.database.db.selectFrom('api_keys').selectAll().execute()).toHaveLength(0);

    const textOnly = await givenApiKey(ctx.t, ctx.token, { text: true });
    const mounting = await givenApiKey(ctx.t, ctx.token, { mount: true });
    for (const [id, payload] of [
      [textOnly.id, { mount_read_only: true }],
      [mounting.id, { mount_permission: false, mount_read_only: true }],
      [mounting.id, { mount_read_only: 'yes' }],
    ] as const) {
      const put = await putKey(id, payload);
      expect(put.statusCode, JSON.stringify(payload)).toBe(400);
      expect(put.json()).toMatchObject({ details: [{ field: 'mount_read_only' }] });
    }
    expect(await permissionsOf(mounting.key)).toMatchObject({
      mount: true,
      mount_read_only: false,
    });
    expect(await permissionsOf(textOnly.key)).toMatchObject({
      mount: false,
      mount_read_only: false,
    });
  });

  it('makes a key edited to read-only read-only at once, and back', async () => {
    const created = await givenApiKey(ctx.t, ctx.token, { mount: true });
    const mayWrite = async () =>
      mayWriteMounts(await ctx.t.root.services.apiKeys.authenticate(created.key));
    // The key is now cached by this instance: the edit must reach the cache, not wait it out.
    expect(await permissionsOf(created.key)).toMatchObject({ mount_read_only: false });
    expect(await mayWrite()).toBe(true);

    expect((await putKey(created.id, { mount_read_only: true })).json()).toMatchObject({
      data: { mount_permission: true, mount_read_only: true },
    });
    expect(await permissionsOf(created.key)).toMatchObject({ mount: true, mount_read_only: true });
    expect(await mayWrite()).toBe(false);

    // Taking the permission away clears the level; granting it again starts read-write.
    expect((await putKey(created.id, { mount_permission: false })).json()).toMatchObject({
      data: { mount_permission: false, mount_read_only: false },
    });
    expect(await permissionsOf(created.key)).toMatchObject({
      mount: false,
      mount_read_only: false,
    });
    expect(await mayWrite()).toBe(false);
    await putKey(created.id, { mount_permission: true });
    expect(await permissionsOf(created.key)).toMatchObject({ mount: true, mount_read_only: false });
    expect(await mayWrite()).toBe(true);
  });

  it('refuses a deleted key at once', async () => {
    const created = await givenApiKey(ctx.t, ctx.token);
    expect((await selfCheck(created.key)).statusCode).toBe(200);
    const del = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${created.id}`,
      headers: bearer(ctx.token),
    });
    expect(del.statusCode).toBe(200);
    const after = await selfCheck(created.key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'API_KEY_INVALID' });
    const again = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${created.id}`,
      headers: bearer(ctx.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an expired key at once', async () => {
    const expires = new Date(clock.now().getTime() + 60_000).toISOString();
    const created = await givenApiKey(ctx.t, ctx.token, { expires_at: expires });
    expect((await selfCheck(created.key)).statusCode).toBe(200);
    clock.advance(60_000);
    const res = await selfCheck(created.key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'API_KEY_INVALID' });
  });

  it('records last use at most once a minute', async () => {
    const created = await givenApiKey(ctx.t, ctx.token);
    const lastUsed = async () =>
      (
        await ctx.t.database.db
          .selectFrom('api_keys')
          .select('last_used_at')
          .where('id', '=', created.id)
          .executeTakeFirst()
      )?.last_used_at;
    // The write follows the answer: wait for it as long as a busy machine takes.
    await selfCheck(created.key);
    const first = clock.now().toISOString();
    await expect.poll(lastUsed, UNTIL_DONE).toBe(first);
    clock.advance(30_000);
    await selfCheck(created.key);
    await new Promise((r) => setTimeout(r, 50));
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await selfCheck(created.key);
    await expect.poll(lastUsed, UNTIL_DONE).toBe(clock.now().toISOString());
  });

  it('keeps keys out of admin routes with 403 ADMIN_ONLY', async () => {
    const created = await givenApiKey(ctx.t, ctx.token, { text: true, file: true, mount: true });
    for (const [method, url] of [
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/admin/system-settings'],
      ['GET', '/api/test/admin-token'],
      ['POST', '/api/admin/logout'],
    ] as const) {
      const res = await ctx.t.app.inject({ method, url, headers: apiKey(created.key) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ error: 'ADMIN_ONLY' });
    }
  });

  it('answers the key self-check for an admin token with 403 and without credentials with 401', async () => {
    expect(
      (
        await ctx.t.app.inject({
          method: 'GET',
          url: '/api/test/api-key',
          headers: bearer(ctx.token),
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/test/api-key' })).statusCode).toBe(
      401,
    );
  });
});

describe('API key changes across instances on PostgreSQL', () => {
  it('refuses a key deleted or narrowed on another instance at once', async () => {
    const a = await buildTestApp('postgres');
    const b = await buildTestApp('postgres', { sameDatabaseAs: a });
    try {
      const token = await adminToken(a);
      const created = await givenApiKey(a, token, { text: true });
      const check = () =>
        b.app.inject({ method: 'GET', url: '/api/test/api-key', headers: apiKey(created.key) });
      expect((await check()).json()).toMatchObject({ data: { permissions: { text: true } } });

      await a.app.inject({
        method: 'PUT',
        url: `/api/admin/api-keys/${created.id}`,
        headers: bearer(token),
        payload: { text_permission: false },
      });
      await expect
        .poll(async () => (await check()).json<unknown>(), UNTIL_DONE)
        .toMatchObject({
          data: { permissions: { text: false } },
        });

      await a.app.inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${created.id}`,
        headers: bearer(token),
      });
      await expect.poll(async () => (await check()).statusCode, UNTIL_DONE).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

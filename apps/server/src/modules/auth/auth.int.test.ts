import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { bearer, givenAdmin, loginAs, TEST_ADMIN } from '../../../test/identity.js';

const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)('admin sessions on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: payload as object,
      remoteAddress: ip,
    });
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) });

  it('logs in, validates the token, logs out and refuses the token after', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    const res = await login(TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { token: string; username: string; expires_at: string } }>().data;
    expect(data.username).toBe('admin');
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expires_at) - Date.now()).toBeGreaterThan(23 * HOUR);

    const ok = await check(data.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ data: { username: 'admin', expires_at: data.expires_at } });

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(data.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await check(data.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'SESSION_INVALID' });
  });

  it('stores only a hash of the session token', async () => {
    t = await buildTestApp(kind);
    const token = await loginAs(t, await givenAdmin(t));
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
    const admins = await t.database.db.selectFrom('admins').selectAll().execute();
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    const wrong = await login({ username: 'admin', password: 'nope-nope' });
    const unknown = await login({ username: 'ghost', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (b: unknown) => ({ ...(b as object), requestId: undefined });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json()).toMatchObject({
      error: 'INVALID_CREDENTIALS',
      message: 'wrong username or password',
    });
  });

  it('refuses an expired session', async () => {
    const clock = movableClock();
    t = await buildTestApp(kind, { clock, sessionTtlMs: 2 * HOUR });
    const token = await loginAs(t, await givenAdmin(t));
    clock.advance(2 * HOUR - 1000);
    expect((await check(token)).statusCode).toBe(200);
    clock.advance(1000);
    const res = await check(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'SESSION_INVALID' });
  });

  it.each([
    ['Bearer forged-token-that-was-never-issued', 'SESSION_INVALID'],
    ['Bearer', 'UNAUTHORIZED'],
    ['Bearer a b', 'UNAUTHORIZED'],
    ['Basic YWRtaW46YWRtaW4=', 'UNAUTHORIZED'],
    ['Bearer ☃', 'UNAUTHORIZED'],
    ['ApiKey not-a-real-key-at-all', 'API_KEY_INVALID'],
  ])('answers Authorization %j with 401 %s', async (header, error) => {
    t = await buildTestApp(kind);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-token',
      headers: { authorization: header },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error, success: false });
  });

  it('answers admin routes with 401 without credentials', async () => {
    t = await buildTestApp(kind);
    for (const [method, url] of [
      ['GET', '/api/test/admin-token'],
      ['POST', '/api/admin/logout'],
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/admin/system-settings'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
  });

  it('validates the login body', async () => {
    t = await buildTestApp(kind);
    const res = await login({ username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      details: [{ field: 'username' }],
    });
  });

  it('refuses a user name with a control character (400, never a 500 on PostgreSQL)', async () => {
    t = await buildTestApp(kind);
    for (const username of ['admin\u0000', 'ad\nmin']) {
      const res = await login({ username, password: 'whatever-pw' });
      expect(res.statusCode, JSON.stringify(username)).toBe(400);
      expect(res.json()).toMatchObject({ details: [{ field: 'username' }] });
    }
  });
});

describe.each(DATABASE_KINDS)('login throttling on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (password: string, ip: string, username = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      remoteAddress: ip,
    });

  it('locks a username after 5 failures, even for the right password, until the lock ends', async () => {
    const clock = movableClock();
    t = await buildTestApp(kind, { clock });
    await givenAdmin(t);
    for (let i = 0; i < 5; i++)
      expect((await login('wrong-password', `10.0.1.${i}`)).statusCode).toBe(401);
    const locked = await login(TEST_ADMIN.password, '10.0.2.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);

    clock.advance(10 * 60_000);
    const still = await login(TEST_ADMIN.password, '10.0.2.1');
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBe(5 * 60);

    clock.advance(5 * 60_000);
    expect((await login(TEST_ADMIN.password, '10.0.2.1')).statusCode).toBe(200);
  });

  it('locks an address that guesses many usernames', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    for (let i = 0; i < 20; i++) await login('x-wrong-x', '10.9.9.9', `user${i}`);
    const res = await login(TEST_ADMIN.password, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await login(TEST_ADMIN.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts concurrent failures exactly', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    await Promise.all(Array.from({ length: 4 }, (_, i) => login('wrong-password', `10.0.3.${i}`)));
    const rows = await t.database.db
      .selectFrom('login_attempts')
      .selectAll()
      .where('scope', '=', 'user:admin')
      .execute();
    expect(rows[0]?.failures).toBe(4);
    expect(rows[0]?.locked_until).toBeNull();
  });

  it('forgets failures after a successful login and after the window', async () => {
    const clock = movableClock();
    t = await buildTestApp(kind, { clock });
    await givenAdmin(t);
    for (let i = 0; i < 4; i++) await login('wrong-password', '10.0.4.1');
    expect((await login(TEST_ADMIN.password, '10.0.4.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login('wrong-password', '10.0.4.1');
    clock.advance(16 * 60_000);
    for (let i = 0; i < 4; i++) await login('wrong-password', '10.0.4.1');
    expect((await login(TEST_ADMIN.password, '10.0.4.1')).statusCode).toBe(200);
  });
});

describe.each(DATABASE_KINDS)('changing credentials on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const change = (token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(token),
      payload,
    });

  it('changes the password, keeps this session and revokes every other', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    const mine = await loginAs(t);
    const other = await loginAs(t);
    const res = await change(mine, {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'a-brand-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { username: 'admin', revoked_sessions: 1 } });
    const check = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) });
    expect((await check(mine)).statusCode).toBe(200);
    expect((await check(other)).statusCode).toBe(401);
    await expect(loginAs(t)).rejects.toThrow('401');
    await loginAs(t, { username: 'admin', password: 'a-brand-new-password' });
  });

  it('changes the username', async () => {
    t = await buildTestApp(kind);
    const token = await loginAs(t, await givenAdmin(t));
    const res = await change(token, { currentPassword: TEST_ADMIN.password, newUsername: 'root' });
    expect(res.json()).toMatchObject({ data: { username: 'root' } });
    await loginAs(t, { username: 'root', password: TEST_ADMIN.password });
  });

  it('refuses a wrong current password with 401 CURRENT_PASSWORD_INVALID', async () => {
    t = await buildTestApp(kind);
    const token = await loginAs(t, await givenAdmin(t));
    const res = await change(token, {
      currentPassword: 'not-it-at-all',
      newPassword: 'another-password',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'CURRENT_PASSWORD_INVALID' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [
      { currentPassword: TEST_ADMIN.password },
      'newPassword',
      'give a new username or a new password',
    ],
    [
      { currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password },
      'newPassword',
      'must differ',
    ],
    [{ currentPassword: TEST_ADMIN.password, newPassword: 'short' }, 'newPassword', 'at least 8'],
    [{ newPassword: 'something-long' }, 'currentPassword', ''],
  ])('refuses %j naming %s', async (payload, field, message) => {
    t = await buildTestApp(kind);
    const token = await loginAs(t, await givenAdmin(t));
    const res = await change(token, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; details: { field: string; message: string }[] }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.details.find((d) => d.field === field)?.message ?? '').toContain(message);
  });
});

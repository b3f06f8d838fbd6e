import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app-harness.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { directUpload, download, givenStorage } from '../../../test/files.js';
import { adminToken, bearer, givenAdmin, TEST_ADMIN } from '../../../test/identity.js';
import * as passwords from '../../lib/passwords.js';

// Counts how many passwords really get checked: the status codes alone cannot tell a guess
// that was evaluated from one that was refused after the fact.
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    verifyPassword: vi.fn(actual.verifyPassword),
    verifyDummyPassword: vi.fn(actual.verifyDummyPassword),
  };
});

const HOUR = 3_600_000;
const PER_USER = 5;
const PER_IP = 20;

/** Password checks since the last vi.clearAllMocks (real and dummy ones alike). */
const verifications = () =>
  vi.mocked(passwords.verifyPassword).mock.calls.length +
  vi.mocked(passwords.verifyDummyPassword).mock.calls.length;

/** How many responses had each status code. */
function tally(responses: readonly { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe.each(DATABASE_KINDS)('password throttling under concurrency on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t.close());

  const login = (app: TestApp, username: string, password: string, ip: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username, password },
      remoteAddress: ip,
    });

  async function givenPaste(token: string, password: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(token),
      payload: { content: 'the secret', password },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ data: { slug: string } }>().data.slug;
  }
  const unlockPaste = (slug: string, password: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/paste/${slug}`,
      payload: { password },
      remoteAddress: ip,
    });
  const rawPaste = (slug: string, query: string, ip = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/raw/${slug}${query}`, remoteAddress: ip });

  async function givenFile(token: string, slug: string, password: string): Promise<void> {
    const res = await directUpload(
      t,
      bearer(token),
      { s3_config_id: await givenStorage(t, token, 'local'), slug, password },
      { filename: 'a.txt', type: 'text/plain', data: Buffer.from('classified') },
    );
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  const verifyFile = (slug: string, password: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/files/${slug}/verify`,
      payload: { password },
      remoteAddress: ip,
    });

  it('checks at most five of 30 simultaneous admin logins (29 wrong, the right one last)', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    vi.clearAllMocks();
    const attempts = [
      ...Array.from({ length: 29 }, (_, i) => login(t, 'admin', `wrong-${i}`, `10.7.0.${i}`)),
      login(t, TEST_ADMIN.username, TEST_ADMIN.password, '10.7.1.1'),
    ];
    const responses = await Promise.all(attempts);
    const counts = tally(responses);
    // Whether the right one came in among the five checked depends on scheduling; either way
    // no more than five passwords were checked and every other attempt was refused.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(PER_USER);
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[200] ?? 0)).toBe(30);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(1);
    expect(verifications()).toBeLessThanOrEqual(PER_USER);
    for (const res of responses.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('checks exactly twenty of 40 simultaneous logins from one address and counts only those', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    vi.clearAllMocks();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t, `user${i}`, 'wrong-password', '10.7.2.1')),
    );
    expect(tally(responses)).toEqual({ 401: PER_IP, 429: 40 - PER_IP });
    expect(verifications()).toBe(PER_IP);
    const rows = await t.database.db.selectFrom('login_attempts').selectAll().execute();
    // A refused attempt gives its username back the count it took on the way.
    const userFailures = rows
      .filter((r) => r.scope.startsWith('user:'))
      .reduce((sum, r) => sum + Number(r.failures), 0);
    expect(userFailures).toBe(PER_IP);
    expect(rows.find((r) => r.scope === 'ip:10.7.2.1')).toMatchObject({ failures: PER_IP });
    expect(rows.find((r) => r.scope === 'ip:10.7.2.1')?.locked_until).not.toBeNull();
  });

  it('checks at most five logins in all when two instances share the database', async () => {
    t = await buildTestApp(kind);
    await givenAdmin(t);
    const other = await buildTestApp(kind, { sameDatabaseAs: t });
    try {
      vi.clearAllMocks();
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          login(i % 2 ? other : t, 'admin', `wrong-${i}`, `10.7.3.${i}`),
        ),
      );
      expect(tally(responses)).toEqual({ 401: PER_USER, 429: 30 - PER_USER });
      expect(verifications()).toBe(PER_USER);
    } finally {
      await other.close();
    }
  });

  it('checks at most five of 40 simultaneous guesses at a paste password', async () => {
    t = await buildTestApp(kind);
    const slug = await givenPaste(await adminToken(t), 'right-one');
    vi.clearAllMocks();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? unlockPaste(slug, `wrong-${i}`, `10.7.4.${i}`)
          : rawPaste(slug, `?password=wrong-${i}`, `10.7.4.${i}`),
      ),
    );
    expect(tally(responses)).toEqual({ 401: PER_USER, 429: 40 - PER_USER });
    expect(verifications()).toBe(PER_USER);
    for (const res of responses.filter((r) => r.statusCode === 401))
      expect(res.json()).toMatchObject({ error: 'PASSWORD_INVALID' });
    expect((await unlockPaste(slug, 'right-one', '10.7.5.1')).statusCode).toBe(429);
  });

  it('checks at most five of 40 simultaneous guesses at a file password', async () => {
    t = await buildTestApp(kind);
    await givenFile(await adminToken(t), 'locked-file', 'pw-123');
    vi.clearAllMocks();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? verifyFile('locked-file', `wrong-${i}`, `10.7.6.${i}`)
          : t.app.inject({
              method: 'GET',
              url: `/api/file-download/locked-file?password=wrong-${i}`,
              remoteAddress: `10.7.6.${i}`,
            }),
      ),
    );
    expect(tally(responses)).toEqual({ 401: PER_USER, 429: 40 - PER_USER });
    expect(verifications()).toBe(PER_USER);
    for (const res of responses.filter((r) => r.statusCode === 401))
      expect(res.json()).toMatchObject({ error: 'PASSWORD_INVALID' });
    expect((await verifyFile('locked-file', 'pw-123', '10.7.7.1')).statusCode).toBe(429);
  });

  describe('with small limits', () => {
    const throttleLimits = { perUser: 3, perIp: 6, windowMs: HOUR, lockMs: HOUR };

    it('does not lock share passwords for an address whose admin logins are locked', async () => {
      t = await buildTestApp(kind, { throttleLimits });
      const slug = await givenPaste(await adminToken(t), 'right-one');
      for (let i = 0; i < 6; i++)
        expect((await login(t, `user${i}`, 'wrong-password', '10.7.8.1')).statusCode).toBe(401);
      expect((await login(t, 'admin', TEST_ADMIN.password, '10.7.8.1')).statusCode).toBe(429);
      expect((await unlockPaste(slug, 'nope', '10.7.8.1')).statusCode).toBe(401);
      const right = await unlockPaste(slug, 'right-one', '10.7.8.1');
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ data: { content: 'the secret' } });
    });

    it('does not lock the admin login for an address whose share passwords are locked', async () => {
      t = await buildTestApp(kind, { throttleLimits });
      const token = await adminToken(t);
      const slugs = [
        await givenPaste(token, 'first'),
        await givenPaste(token, 'second'),
        await givenPaste(token, 'third'),
      ];
      for (const slug of slugs.slice(0, 2))
        for (let i = 0; i < 3; i++)
          expect((await unlockPaste(slug, 'nope', '10.7.9.1')).statusCode).toBe(401);
      // Six wrong share passwords lock the address for every share, not just those two.
      expect((await unlockPaste(slugs[2] ?? '', 'third', '10.7.9.1')).statusCode).toBe(429);
      expect((await login(t, 'admin', TEST_ADMIN.password, '10.7.9.1')).statusCode).toBe(200);
    });
  });

  it('does not count paste requests without a password, nor right passwords', async () => {
    t = await buildTestApp(kind);
    const slug = await givenPaste(await adminToken(t), 'right-one');
    vi.clearAllMocks();
    const bare = await Promise.all(
      Array.from({ length: 20 }, (_, i) => rawPaste(slug, i % 2 ? '' : '?password=')),
    );
    expect(tally(bare)).toEqual({ 401: 20 });
    expect(bare[0]?.json()).toMatchObject({ error: 'PASSWORD_INVALID' });
    expect(verifications()).toBe(0);
    for (let i = 0; i < PER_USER + 1; i++)
      expect((await unlockPaste(slug, 'right-one')).statusCode).toBe(200);
    for (let i = 0; i < PER_USER; i++)
      expect((await unlockPaste(slug, 'wrong')).statusCode).toBe(401);
    expect((await unlockPaste(slug, 'right-one')).statusCode).toBe(429);
    // Locked is locked: a request without a password is told so rather than "wrong password".
    expect((await rawPaste(slug, '')).statusCode).toBe(429);
  });

  it('does not count file requests without a password', async () => {
    t = await buildTestApp(kind);
    await givenFile(await adminToken(t), 'bare-file', 'pw-123');
    vi.clearAllMocks();
    const bare = await Promise.all(
      Array.from({ length: 20 }, (_, i) => download(t, 'bare-file', i % 2 ? '' : '?password=')),
    );
    expect(tally(bare)).toEqual({ 401: 20 });
    expect(verifications()).toBe(0);
    expect((await verifyFile('bare-file', 'pw-123')).statusCode).toBe(200);
    expect((await download(t, 'bare-file', '?password=pw-123')).body).toBe('classified');
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS } from '../../../test/databases.js';
import { HANG_MS } from '../../../test/hang-guard.js';
import { apiKey, bearer, givenApiKey, useAdminApp } from '../../../test/identity.js';
import { sweepJobs } from '../../jobs/sweeps.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const REPLAYED = 'idempotent-replayed';

/** Idempotency-Key on the paste routes the web app's offline queue replays. */
describe.each(DATABASE_KINDS)('Idempotency-Key on pastes on %s', (kind) => {
  const clock = movableClock(new Date());
  // Repeats wait for their first request as long as it takes: no test depends on speed.
  const ctx = useAdminApp(kind, { clock, idempotencyWait: { waitMs: HANG_MS } });

  const withKey = (key: string, headers: Record<string, string> = bearer(ctx.token)) => ({
    ...headers,
    'idempotency-key': key,
  });
  const create = (payload: object | string, headers: Record<string, string>) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
  const slugOf = (res: LightMyRequestResponse) => res.json<{ data: { slug: string } }>().data.slug;
  const db = () => ctx.t.database.db;
  const pasteCount = async () =>
    Number(
      (
        await db()
          .selectFrom('pastes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const idOf = async (slug: string) =>
    (
      await db()
        .selectFrom('pastes')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const keyRows = () => db().selectFrom('idempotency_keys').selectAll().execute();

  it('runs 50 concurrent identical creates once: one paste, the same answer for all', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => create({ content: 'once' }, withKey('offline-1'))),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(50).fill(201));
    expect(new Set(answers.map(slugOf)).size).toBe(1);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers.filter((res) => res.headers[REPLAYED] === 'true')).toHaveLength(49);
    expect(await pasteCount()).toBe(1);
  });

  it('answers a repeat with the first answer, marked, without creating again', async () => {
    const first = await create({ content: 'hello', max_views: 2 }, withKey('k-replay'));
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    // The same body in another spelling (key order, spaces, 2.0) is the same request.
    const again = await create('{ "max_views": 2.0, "content": "hello" }', withKey('k-replay'));
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    expect(await pasteCount()).toBe(1);
    // Without a key, the same request still creates another, as before.
    expect(slugOf(await create({ content: 'hello' }, bearer(ctx.token)))).not.toBe(slugOf(first));
    expect(slugOf(await create({ content: 'hello' }, bearer(ctx.token)))).not.toBe(slugOf(first));
    expect(await pasteCount()).toBe(3);
  });

  it('refuses the key with another body or path (422) and creates nothing', async () => {
    const first = await create({ content: 'a' }, withKey('k-reuse'));
    expect(first.statusCode).toBe(201);
    for (const res of [
      await create({ content: 'b' }, withKey('k-reuse')),
      await create({ content: 'a', remark: 'r' }, withKey('k-reuse')),
      await ctx.t.app.inject({
        method: 'POST',
        url: `/api/paste/${slugOf(first)}`,
        headers: withKey('k-reuse'),
        payload: { password: 'x' },
      }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, error: 'IDEMPOTENCY_KEY_REUSED' });
      expect(res.json<{ message: string }>().message).toMatch(/Idempotency-Key/);
    }
    expect(await pasteCount()).toBe(1);
  });

  it("keeps each caller's keys apart: the same key elsewhere is a new key", async () => {
    await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: bearer(ctx.token),
      payload: { allow_guest_pastes: true },
    });
    const keyA = await givenApiKey(ctx.t, ctx.token, { text: true });
    const keyB = await givenApiKey(ctx.t, ctx.token, { text: true });
    const asAdmin = await create({ content: 'same' }, withKey('shared'));
    const asKeyA = await create({ content: 'same' }, withKey('shared', apiKey(keyA.key)));
    const asKeyB = await create({ content: 'other' }, withKey('shared', apiKey(keyB.key)));
    const asGuest = await create({ content: 'same' }, withKey('shared', {}));
    for (const res of [asAdmin, asKeyA, asKeyB, asGuest]) {
      expect(res.statusCode).toBe(201);
      expect(res.headers[REPLAYED]).toBeUndefined();
    }
    expect(new Set([asAdmin, asKeyA, asKeyB, asGuest].map(slugOf)).size).toBe(4);
    const guestAgain = await create({ content: 'same' }, withKey('shared', {}));
    expect(guestAgain.headers[REPLAYED]).toBe('true');
    expect(slugOf(guestAgain)).toBe(slugOf(asGuest));
    expect(await pasteCount()).toBe(4);
    expect((await keyRows()).map((row) => row.scope).sort()).toEqual(
      [
        `admin:${(await db().selectFrom('admins').select('id').executeTakeFirstOrThrow()).id}`,
        `apikey:${keyA.id}`,
        `apikey:${keyB.id}`,
        'guest',
      ].sort(),
    );
  });

  it('keeps the answer sealed at rest, never as sent', async () => {
    const first = await create({ content: 'secret-ish' }, withKey('k-sealed'));
    const [row] = await keyRows();
    expect(row).toMatchObject({ key: 'k-sealed', state: 'done', status_code: 201 });
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.response_body).toMatch(/^enc:v1:/);
    expect(row?.response_body).not.toContain(slugOf(first));
  });

  it('frees a key after 24 hours, and the sweep deletes what ran out', async () => {
    // A key outlives the admin's one-day session: the caller here is an API key.
    const caller = apiKey((await givenApiKey(ctx.t, ctx.token, { text: true })).key);
    const first = await create({ content: 'day one' }, withKey('k-day', caller));
    await create({ content: 'other' }, withKey('k-other', caller));
    clock.advance(DAY_MS - 1);
    const stillKept = await create({ content: 'day one' }, withKey('k-day', caller));
    expect(stillKept.headers[REPLAYED]).toBe('true');
    expect(slugOf(stillKept)).toBe(slugOf(first));

    clock.advance(1);
    // A key past its time counts as absent even before the sweep runs.
    const nextDay = await create({ content: 'day one' }, withKey('k-day', caller));
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers[REPLAYED]).toBeUndefined();
    expect(slugOf(nextDay)).not.toBe(slugOf(first));
    const sweep = sweepJobs(ctx.t.root.sweeps).find((job) => job.id === 'sweep-idempotency-keys');
    expect(await sweep?.run()).toEqual({ deleted: 1 });
    expect((await keyRows()).map((row) => row.key)).toEqual(['k-day']);
    expect(await pasteCount()).toBe(3);
  });

  it('does not spend a key on a refused caller: a 401 leaves it free', async () => {
    const clear = (headers: Record<string, string>) =>
      ctx.t.app.inject({ method: 'POST', url: '/api/admin/pastes/clear-expired', headers });
    const anonymous = await clear({ 'idempotency-key': 'k-clear' });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await clear(withKey('k-clear'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers[REPLAYED]).toBeUndefined();
    expect((await clear(withKey('k-clear'))).headers[REPLAYED]).toBe('true');

    // A wrong share password is a 401 the handler answers: the key stays free for the retry.
    const locked = slugOf(await create({ content: 'x', password: 'right-pw' }, bearer(ctx.token)));
    const unlock = (password: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/paste/${locked}`,
        headers: { 'idempotency-key': 'k-unlock' },
        payload: { password },
      });
    expect((await unlock('wrong-pw')).statusCode).toBe(401);
    const right = await unlock('right-pw');
    expect(right.statusCode).toBe(200);
    expect(right.headers[REPLAYED]).toBeUndefined();
  });

  it('replays an edit and a delete instead of doing them twice', async () => {
    const slug = slugOf(await create({ content: 'v1' }, bearer(ctx.token)));
    const url = `/api/admin/pastes/${await idOf(slug)}`;
    const send = (
      method: 'GET' | 'PUT' | 'DELETE',
      headers: Record<string, string>,
      payload?: object,
    ) => ctx.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const content = async () =>
      (await send('GET', bearer(ctx.token))).json<{ data: { content: string } }>().data.content;

    const edit = await send('PUT', withKey('k-edit'), { content: 'v2' });
    expect(edit.statusCode).toBe(200);
    expect((await send('PUT', bearer(ctx.token), { content: 'v3' })).statusCode).toBe(200);
    const editAgain = await send('PUT', withKey('k-edit'), { content: 'v2' });
    expect(editAgain.headers[REPLAYED]).toBe('true');
    expect(editAgain.body).toBe(edit.body);
    expect(await content()).toBe('v3');

    const removed = await send('DELETE', withKey('k-delete'));
    expect(removed.statusCode).toBe(200);
    const removedAgain = await send('DELETE', withKey('k-delete'));
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.headers[REPLAYED]).toBe('true');
    expect(removedAgain.body).toBe(removed.body);
    // It is gone: a delete that runs again (no key) finds nothing.
    expect((await send('DELETE', bearer(ctx.token))).statusCode).toBe(404);
  });

  it("replays a key's delete of its own paste on the user path", async () => {
    const key = await givenApiKey(ctx.t, ctx.token, { text: true });
    const id = await idOf(slugOf(await create({ content: 'mine' }, apiKey(key.key))));
    const remove = () =>
      ctx.t.app.inject({
        method: 'DELETE',
        url: `/api/user/pastes/${id}`,
        headers: withKey('k-user-delete', apiKey(key.key)),
      });
    const first = await remove();
    expect(first.statusCode).toBe(200);
    const again = await remove();
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(await pasteCount()).toBe(0);
  });

  it('refuses a malformed key with a 400 naming the header, and creates nothing', async () => {
    const bad = [
      '',
      'x'.repeat(256),
      'a b',
      'a\tb',
      'a\r\nb',
      'a\nb',
      'caf\u00e9',
      'a\u007fb',
      'a\u0000b',
    ];
    for (const value of bad) {
      const res = await create({ content: 'x' }, withKey(value));
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json(), JSON.stringify(value)).toMatchObject({
        error: 'VALIDATION_FAILED',
        details: [{ field: 'Idempotency-Key' }],
      });
      expect(res.json<{ message: string }>().message).toMatch(/Idempotency-Key/);
    }
    expect(await pasteCount()).toBe(0);
    for (const value of ['x'.repeat(255), '!', '~', 'Az09-_.:/+=']) {
      expect((await create({ content: value }, withKey(value))).statusCode, value).toBe(201);
    }
    // Reads ignore the header, well-formed or not.
    const read = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/admin/pastes',
      headers: withKey('a b'),
    });
    expect(read.statusCode).toBe(200);
  });
});

import type { ErrorCode } from '@pasteport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { DATABASE_KINDS } from '../../test/databases.js';
import { formBody } from '../../test/files.js';
import { HANG_MS, UNTIL_DONE } from '../../test/hang-guard.js';
import { adminToken, bearer } from '../../test/identity.js';
import { listenOnLoopback, rawConnection, requestHead } from '../../test/raw-http.js';
import { AppError } from '../lib/app-error.js';
import { sendData } from './envelope.js';

const REPLAYED = 'idempotent-replayed';

/** What one run of the test route does: answer JSON with a status, throw, or fail as a code. */
type Outcome =
  { status: 200 | 201 } | { code: ErrorCode } | { crash: true } | { clientError: number };

/** A promise with its resolver, to hold a handler until the test lets it go. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The gate's mechanics on routes the test controls (what is kept, what frees the key, waiting)
 * and on a streamed upload, on both engines.
 */
describe.each(DATABASE_KINDS)('Idempotency-Key mechanics on %s', (kind) => {
  let t: TestApp | undefined;
  // Counts its readings: on these anonymous test routes only the gate reads the clock, once
  // per attempt to claim a key, so a test can see a repeat looking again (waiting).
  let clockReads = 0;
  const clock = { now: () => ((clockReads += 1), new Date()) };
  afterEach(() => t?.close());

  /** An app with test routes; `waitMs` bounds how long a repeat waits for the first request. */
  async function givenApp(waitMs = HANG_MS) {
    const app = await buildTestApp(kind, { clock, idempotencyWait: { waitMs, pollMs: 5 } });
    t = app;
    const plan: Outcome[] = [];
    const runs = { planned: 0, text: 0, held: 0 };
    const held = { entered: gate(), release: gate() };
    const publicRoute = { config: { access: 'public' as const } };
    app.app.post('/api/test/planned', publicRoute, (_request, reply) => {
      runs.planned += 1;
      const outcome = plan.shift() ?? { status: 200 };
      if ('crash' in outcome) throw new Error('a fault of ours');
      if ('clientError' in outcome) {
        throw Object.assign(new Error('planned'), { statusCode: outcome.clientError });
      }
      if ('code' in outcome) throw new AppError(outcome.code, `planned ${outcome.code}`);
      return sendData(reply, { run: runs.planned }, outcome.status);
    });
    app.app.post('/api/test/text', publicRoute, (_request, reply) => {
      runs.text += 1;
      return reply.type('text/plain; charset=utf-8').send(`run ${runs.text}`);
    });
    // Only its first run is held: a run that should not have happened answers at once.
    app.app.post('/api/test/held', publicRoute, async (_request, reply) => {
      runs.held += 1;
      if (runs.held === 1) {
        held.entered.open();
        await held.release.opened;
      }
      return sendData(reply, { run: runs.held }, 201);
    });
    const post = (url: string, key: string, payload: object = { a: 1 }) =>
      app.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload });
    return { app, plan, runs, held, post };
  }

  it.each<[string, Outcome]>([
    ['a crash (500)', { crash: true }],
    ['503', { code: 'SERVICE_UNAVAILABLE' }],
    ['401', { code: 'PASSWORD_INVALID' }],
    ['403', { code: 'FORBIDDEN' }],
    ['408', { clientError: 408 }],
    ['429', { code: 'RATE_LIMITED' }],
  ])('frees the key after %s: the retry runs, and its answer is kept', async (_name, failure) => {
    const { plan, runs, post } = await givenApp();
    plan.push(failure, { status: 201 });
    const failed = await post('/api/test/planned', 'k');
    expect(failed.statusCode).toBeGreaterThanOrEqual(401);
    const retried = await post('/api/test/planned', 'k');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[REPLAYED]).toBeUndefined();
    const replayed = await post('/api/test/planned', 'k');
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers[REPLAYED]).toBe('true');
    expect(replayed.body).toBe(retried.body);
    expect(runs.planned).toBe(2);
  });

  it('keeps an error that is the outcome of the request (404, 409, 400) like a success', async () => {
    const { plan, runs, post } = await givenApp();
    plan.push({ code: 'NOT_FOUND' }, { code: 'SLUG_TAKEN' }, { code: 'VALIDATION_FAILED' });
    for (const [key, status] of [
      ['k404', 404],
      ['k409', 409],
      ['k400', 400],
    ] as const) {
      const first = await post('/api/test/planned', key);
      expect(first.statusCode).toBe(status);
      const again = await post('/api/test/planned', key);
      expect(again.statusCode).toBe(status);
      expect(again.headers[REPLAYED]).toBe('true');
      expect(again.body).toBe(first.body);
    }
    expect(runs.planned).toBe(3);
  });

  it('keeps no answer that is not JSON: each repeat runs', async () => {
    const { runs, post } = await givenApp();
    const first = await post('/api/test/text', 'k');
    const second = await post('/api/test/text', 'k');
    expect([first.body, second.body]).toEqual(['run 1', 'run 2']);
    expect(second.headers[REPLAYED]).toBeUndefined();
    expect(runs.text).toBe(2);
  });

  it('makes a repeat wait for the first request and answer its answer', async () => {
    const { runs, held, post } = await givenApp();
    const first = post('/api/test/held', 'k');
    await held.entered.opened;
    const readsBefore = clockReads;
    let repeatAnswered = false;
    const repeat = post('/api/test/held', 'k').finally(() => (repeatAnswered = true));
    // The repeat found the key pending, waited and looked again: only then let the first end.
    await expect.poll(() => repeatAnswered || clockReads - readsBefore >= 2, UNTIL_DONE).toBe(true);
    expect(repeatAnswered).toBe(false);
    held.release.open();
    const [firstAnswer, repeatAnswer] = await Promise.all([first, repeat]);
    expect(firstAnswer.statusCode).toBe(201);
    expect(repeatAnswer.headers[REPLAYED]).toBe('true');
    expect(repeatAnswer.body).toBe(firstAnswer.body);
    expect(runs.held).toBe(1);
  });

  it('answers 409 with Retry-After when the first request is still running past the wait', async () => {
    const { runs, held, post } = await givenApp(0);
    const first = post('/api/test/held', 'k');
    await held.entered.opened;
    const busy = await post('/api/test/held', 'k');
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ success: false, error: 'IDEMPOTENCY_IN_PROGRESS' });
    // Another body is refused at once, running or not.
    expect((await post('/api/test/held', 'k', { a: 2 })).statusCode).toBe(422);
    held.release.open();
    expect((await first).statusCode).toBe(201);
    const after = await post('/api/test/held', 'k');
    expect(after.headers[REPLAYED]).toBe('true');
    expect(runs.held).toBe(1);
  });

  it('replays a streamed upload by its type and length: one file stored', async () => {
    const { app } = await givenApp();
    const token = await adminToken(app);
    const upload = (data: string) => {
      // Each form has its own boundary, of the same length: the same upload.
      const form = formBody([
        { name: 'file', filename: 'note.txt', type: 'text/plain', data: Buffer.from(data) },
      ]);
      return app.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...form.headers, ...bearer(token), 'idempotency-key': 'k-upload' },
        payload: form.payload,
      });
    };
    const first = await upload('hello');
    expect(first.statusCode).toBe(201);
    const again = await upload('hello');
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await upload('hello, longer')).statusCode).toBe(422);
    const files = await app.database.db.selectFrom('files').select('id').execute();
    expect(files).toHaveLength(1);
  });

  it('refuses a malformed key sent over a real connection with the envelope', async () => {
    const { app, runs } = await givenApp();
    const conn = rawConnection(await listenOnLoopback(app.app));
    try {
      for (const value of ['a\tb', 'caf\u00e9']) {
        const body = '{"a":1}';
        const head = requestHead('POST', '/api/test/planned', {
          'content-type': 'application/json',
          'content-length': body.length,
          'idempotency-key': value,
        });
        await conn.write(Buffer.from(head + body, 'latin1'));
        const res = await conn.response();
        expect(res.status, JSON.stringify(value)).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({
          error: 'VALIDATION_FAILED',
          details: [{ field: 'Idempotency-Key' }],
        });
      }
    } finally {
      conn.destroy();
    }
    expect(runs.planned).toBe(0);
  });
});

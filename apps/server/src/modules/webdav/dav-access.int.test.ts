import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { CreatedApiKey } from '@pasteport/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  type TestApp,
  type TestCompositionOptions,
} from '../../../test/app-harness.js';
import { movableClock } from '../../../test/clock.js';
import { DATABASE_KINDS, type DatabaseKindUnderTest } from '../../../test/databases.js';
import {
  basicAuth,
  hrefsOf,
  LOCK_BODY,
  PROPPATCH_BODY,
  rawRequest,
  storageContents,
} from '../../../test/dav.js';
import { givenStorage } from '../../../test/files.js';
import { adminToken, apiKey, bearer, TEST_ADMIN } from '../../../test/identity.js';
import { createMount, seedObject } from '../../../test/mounts.js';
import { listenOnLoopback } from '../../../test/raw-http.js';
import * as passwords from '../../lib/passwords.js';
import { DEFAULT_THROTTLE_LIMITS } from '../auth/login-throttle.js';
import { ADMIN_CREDENTIALS_TOPIC } from './dav-auth.js';

// Counts the passwords really checked (argon2 runs): a status code cannot tell a guess that was
// evaluated from one the throttle refused first. The real functions still run.
vi.mock('../../lib/passwords.js', async (importOriginal) => {
  const actual = await importOriginal<typeof passwords>();
  return {
    ...actual,
    verifyPassword: vi.fn(actual.verifyPassword),
    verifyDummyPassword: vi.fn(actual.verifyDummyPassword),
  };
});

/** Password checks since the last vi.clearAllMocks (real and dummy ones alike). */
const passwordChecks = () =>
  vi.mocked(passwords.verifyPassword).mock.calls.length +
  vi.mocked(passwords.verifyDummyPassword).mock.calls.length;

const HOUR = 3_600_000;
/** The Host every injected request names, so absolute Destination URLs can name this server. */
const HOST = 'pasteport.test';
const CHALLENGE = /^Basic realm="Pasteport"/;

/** What the two storages hold at the start: /a is storage A, /b and /ab are storage B. */
const SEED_A = { 'keep.txt': 'A-KEEP', 'locked.txt': 'A-LOCKED', 'dir/inner.txt': 'A-INNER' };
const SEED_B = { 'secret.txt': 'B-SECRET', 'dir/x.txt': 'B-X' };
const SECRETS = [...Object.values(SEED_A), ...Object.values(SEED_B)];

type KeyRole =
  'readWrite' | 'other' | 'readOnly' | 'noMount' | 'underA' | 'insideA' | 'revoked' | 'expired';

/**
 * One app with two local disks: storage A mounted at /a, storage B at /b and at /ab (a name
 * that starts like /a, so a prefix comparison would let a key with basic path /a into it).
 */
interface Space {
  kind: DatabaseKindUnderTest;
  t: TestApp;
  token: string;
  storageA: string;
  storageB: string;
  keys: Record<KeyRole, CreatedApiKey>;
  /** The administrator's locks on /a/locked.txt and /b/secret.txt (their tokens). */
  locks: { a: string; b: string };
  /** The loopback port, once `portOf` started listening. */
  port?: number;
}

type Headers = Record<string, string>;

/** A WebDAV request through inject, naming HOST. */
function dav(s: Space, method: string, url: string, headers: Headers = {}, body?: string) {
  return s.t.app.inject({
    method,
    url,
    headers: { host: HOST, ...headers },
    ...(body !== undefined && { payload: body }),
  });
}

/** The lock token a LOCK answered with (`Lock-Token: <urn:uuid:…>`). */
function lockTokenOf(res: LightMyRequestResponse): string {
  expect(res.statusCode, res.body).toBeOneOf([200, 201]);
  const token = /^<(.+)>$/.exec(String(res.headers['lock-token']))?.[1];
  if (!token) throw new Error(`no Lock-Token in ${JSON.stringify(res.headers)}`);
  return token;
}

/** An API key through the admin API (mount permission read-write unless told otherwise). */
async function givenKey(
  t: TestApp,
  token: string,
  name: string,
  options: { mount?: boolean; readOnly?: boolean; basicPath?: string; expiresAt?: string } = {},
): Promise<CreatedApiKey> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: bearer(token),
    payload: {
      name,
      expires_at: options.expiresAt ?? null,
      text_permission: true,
      file_permission: true,
      mount_permission: options.mount ?? true,
      mount_read_only: options.readOnly ?? false,
      basic_path: options.basicPath ?? '/',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CreatedApiKey }>().data;
}

/** A second local disk, in its own folder of DATA_DIR, open to API keys. */
async function givenSecondDisk(t: TestApp, token: string): Promise<string> {
  await mkdir(path.join(t.dataDir, 'disk-b'));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/s3-configs',
    headers: bearer(token),
    payload: { name: 'Disk B', provider_type: 'local', root_path: 'disk-b', allow_api_keys: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

/**
 * The space, with a key of each kind; the revoked and the expired key each worked before they
 * went bad (the clock moved two hours past the expiry); the administrator holds two locks.
 */
async function buildSpace(
  kind: DatabaseKindUnderTest,
  options: TestCompositionOptions = {},
): Promise<Space> {
  const clock = movableClock();
  const t = await buildTestApp(kind, { clock, ...options });
  try {
    const token = await adminToken(t);
    const storageA = await givenStorage(t, token, 'local', { allow_api_keys: true });
    const storageB = await givenSecondDisk(t, token);
    await createMount(t, token, '/a', storageA, { cache_ttl: 0 });
    await createMount(t, token, '/b', storageB, { cache_ttl: 0 });
    await createMount(t, token, '/ab', storageB, { cache_ttl: 0 });
    for (const [key, data] of Object.entries(SEED_A)) {
      await seedObject(t, storageA, key, Buffer.from(data));
    }
    for (const [key, data] of Object.entries(SEED_B)) {
      await seedObject(t, storageB, key, Buffer.from(data));
    }
    const key = (name: string, extra: Parameters<typeof givenKey>[3] = {}) =>
      givenKey(t, token, name, extra);
    const keys: Record<KeyRole, CreatedApiKey> = {
      readWrite: await key('read-write'),
      other: await key('other'),
      readOnly: await key('read-only', { readOnly: true }),
      noMount: await key('no-mount', { mount: false }),
      underA: await key('under-a', { basicPath: '/a' }),
      insideA: await key('inside-a', { basicPath: '/a/dir' }),
      revoked: await key('revoked'),
      expired: await key('expired', {
        expiresAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      }),
    };
    const partial = { kind, t, token, storageA, storageB, keys, locks: { a: '', b: '' } };
    // Both go bad after working, in both forms: the key cache holds them when they do.
    for (const bad of [keys.revoked, keys.expired]) {
      for (const headers of [apiKey(bad.key), basicAuth(bad.name, bad.key)]) {
        const res = await dav(partial, 'PROPFIND', '/dav/a/', { ...headers, depth: '0' });
        expect(res.statusCode, res.body).toBe(207);
      }
    }
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${keys.revoked.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    clock.advance(2 * HOUR);
    // Taken after the clock moved, so they are live now; with the session, so no Basic
    // credentials are remembered before a test starts counting password checks.
    const admin = bearer(token);
    const lockA = await dav(partial, 'LOCK', '/dav/a/locked.txt', admin, LOCK_BODY);
    const lockB = await dav(partial, 'LOCK', '/dav/b/secret.txt', admin, LOCK_BODY);
    return { ...partial, locks: { a: lockTokenOf(lockA), b: lockTokenOf(lockB) } };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/**
 * A space per test (`each`), or one for a whole describe (`all`) whose tests must leave it as
 * they found it — each of them checks that it did.
 */
function useSpace(
  kind: DatabaseKindUnderTest,
  scope: 'all' | 'each',
  options: TestCompositionOptions = {},
) {
  let space: Space | undefined;
  const setUp = async () => {
    space = await buildSpace(kind, options);
  };
  const tearDown = async () => {
    await space?.t.close();
    space = undefined;
  };
  if (scope === 'all') {
    beforeAll(setUp);
    afterAll(tearDown);
  } else {
    beforeEach(setUp);
    afterEach(tearDown);
  }
  return {
    get s(): Space {
      if (!space) throw new Error('useSpace: no space outside a test');
      return space;
    },
  };
}

/** Serves the space on loopback (once) for requests whose path must arrive byte for byte. */
async function portOf(s: Space): Promise<number> {
  s.port ??= await listenOnLoopback(s.t.app);
  return s.port;
}

/**
 * Resolves once an administrator's credentials change has been heard here as often as it will
 * be: once on SQLite; on PostgreSQL twice — delivered at once, then this instance's own NOTIFY
 * comes back and forgets remembered credentials again. After that, password checks are
 * countable and nothing still in flight can be cleared behind a test's back.
 */
function credentialsChangeHeard(s: Space): Promise<void> {
  const deliveries = s.kind === 'postgres' ? 2 : 1;
  let heard = 0;
  return new Promise((resolve) => {
    s.t.database.invalidation.subscribe(ADMIN_CREDENTIALS_TOPIC, () => {
      heard += 1;
      if (heard === deliveries) resolve();
    });
  });
}

/** Everything a WebDAV request could change: both storages, locks and dead properties. */
async function stateOf(s: Space) {
  const { db } = s.t.database;
  return {
    a: await storageContents(s.t, s.storageA),
    b: await storageContents(s.t, s.storageB),
    locks: await db
      .selectFrom('dav_locks')
      .select(['token', 'path', 'principal', 'expires_at'])
      .orderBy('token')
      .execute(),
    properties: await db
      .selectFrom('dav_properties')
      .selectAll()
      .orderBy('key')
      .orderBy('ns')
      .orderBy('name')
      .execute(),
  };
}
type State = Awaited<ReturnType<typeof stateOf>>;

/** Runs a request and checks it changed nothing a WebDAV request could change. */
async function expectNoChange<T>(s: Space, act: () => Promise<T>): Promise<T> {
  const before = await stateOf(s);
  const result = await act();
  expect(await stateOf(s)).toEqual(before);
  return result;
}

/** No seeded file content in an answer (a refusal must not carry what it refused). */
function expectNothingLeaked(body: string): void {
  for (const secret of SECRETS) expect(body).not.toContain(secret);
}

const METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'MKCOL',
  'PROPFIND',
  'PROPPATCH',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
] as const;
type Method = (typeof METHODS)[number];
const AUTHENTICATED_METHODS = METHODS.filter((method) => method !== 'OPTIONS');

interface DavCall {
  method: Method;
  url: string;
  headers?: Headers;
  body?: string;
}

/** Where a method's request goes: a mount, its file, and where COPY/MOVE send it. */
interface Place {
  dir: string;
  file: string;
  /** A file the administrator holds a lock on, and which of the space's locks it is. */
  locked: string;
  lock: 'a' | 'b';
  destination: string;
}
const ON_A: Place = {
  dir: '/dav/a',
  file: 'keep.txt',
  locked: 'locked.txt',
  lock: 'a',
  destination: '/dav/a/copy.txt',
};
// Elsewhere, COPY and MOVE try to bring the secret into /a, where a key with /a could read it.
const ON_B: Place = {
  dir: '/dav/b',
  file: 'secret.txt',
  locked: 'secret.txt',
  lock: 'b',
  destination: '/dav/a/stolen.txt',
};
const ON_AB: Place = { ...ON_B, dir: '/dav/ab' };

/** A request of each method that the administrator may make at `place`. */
function callOf(method: Method, s: Space, place: Place): DavCall {
  const file = `${place.dir}/${place.file}`;
  switch (method) {
    case 'OPTIONS':
    case 'GET':
    case 'HEAD':
    case 'DELETE':
      return { method, url: file };
    case 'PUT':
      return {
        method,
        url: `${place.dir}/new.txt`,
        headers: { 'content-type': 'text/plain' },
        body: 'NEW',
      };
    case 'MKCOL':
      return { method, url: `${place.dir}/newdir` };
    case 'PROPFIND':
      return { method, url: `${place.dir}/`, headers: { depth: '1' } };
    case 'PROPPATCH':
    case 'LOCK':
      return {
        method,
        url: file,
        headers: { 'content-type': 'application/xml' },
        body: method === 'LOCK' ? LOCK_BODY : PROPPATCH_BODY,
      };
    case 'COPY':
    case 'MOVE':
      return { method, url: file, headers: { destination: place.destination } };
    case 'UNLOCK':
      return {
        method,
        url: `${place.dir}/${place.locked}`,
        headers: { 'lock-token': `<${s.locks[place.lock]}>` },
      };
  }
}

function send(s: Space, call: DavCall, credentials: Headers) {
  return dav(s, call.method, call.url, { ...call.headers, ...credentials }, call.body);
}

/** OPTIONS is answered to anyone, so clients can discover WebDAV before they sign in. */
function expectOptionsAnswer(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers.dav).toBe('1, 2');
  expect(String(res.headers.allow).split(', ').sort()).toEqual([...METHODS].sort());
  expect(res.headers['www-authenticate']).toBeUndefined();
}

function expectChallenge(res: LightMyRequestResponse | { headers: Record<string, unknown> }) {
  expect(String(res.headers['www-authenticate'])).toMatch(CHALLENGE);
}

/**
 * What each method does when the administrator sends it on /a: the control that shows each
 * request of the refusal matrix would have worked with the right credentials.
 */
const ADMIN_OUTCOME: Record<
  Method,
  { status: number; after: (before: State, res: LightMyRequestResponse) => Partial<State> }
> = {
  OPTIONS: { status: 200, after: (before) => before },
  GET: {
    status: 200,
    after: (before, res) => {
      expect(res.body).toBe('A-KEEP');
      return before;
    },
  },
  HEAD: { status: 200, after: (before) => before },
  PUT: { status: 201, after: (before) => ({ a: { ...before.a, 'new.txt': 'NEW' } }) },
  DELETE: { status: 204, after: (before) => ({ a: without(before.a, 'keep.txt') }) },
  MKCOL: { status: 201, after: (before) => ({ a: { ...before.a, 'newdir/': '' } }) },
  PROPFIND: {
    status: 207,
    after: (before, res) => {
      expect(hrefsOf(res.body)).toEqual([
        '/dav/a/',
        '/dav/a/dir/',
        '/dav/a/keep.txt',
        '/dav/a/locked.txt',
      ]);
      return before;
    },
  },
  PROPPATCH: {
    status: 207,
    after: (before) => ({
      properties: [
        expect.objectContaining({ key: 'keep.txt', name: 'color' }) as State['properties'][number],
      ],
      a: before.a,
    }),
  },
  COPY: { status: 201, after: (before) => ({ a: { ...before.a, 'copy.txt': 'A-KEEP' } }) },
  MOVE: {
    status: 201,
    after: (before) => ({ a: { ...without(before.a, 'keep.txt'), 'copy.txt': 'A-KEEP' } }),
  },
  LOCK: {
    status: 200,
    after: (before, res) => {
      const added = { token: lockTokenOf(res), path: '/a/keep.txt' };
      return {
        locks: expect.arrayContaining([
          ...before.locks,
          expect.objectContaining(added),
        ]) as State['locks'],
      };
    },
  },
  UNLOCK: {
    status: 204,
    after: (before) => ({ locks: before.locks.filter((lock) => lock.path !== '/a/locked.txt') }),
  },
};

function without(contents: Record<string, string>, key: string): Record<string, string> {
  const rest = { ...contents };
  delete rest[key];
  return rest;
}

const adminBasic = () => basicAuth(TEST_ADMIN.username, TEST_ADMIN.password);
const keyBasic = (key: CreatedApiKey, username = key.name) => basicAuth(username, key.key);

/** A refused principal: how it signs in, and the status every method but OPTIONS gets. */
interface Refused {
  label: string;
  credentials: (s: Space) => Headers;
  status: 401 | 403;
}
const REFUSED: Refused[] = [
  { label: 'no credentials', credentials: () => ({}), status: 401 },
  {
    label: 'a wrong admin password (Basic)',
    credentials: () => basicAuth(TEST_ADMIN.username, 'not-the-password'),
    status: 401,
  },
  {
    label: 'a revoked API key (ApiKey)',
    credentials: (s) => apiKey(s.keys.revoked.key),
    status: 401,
  },
  {
    label: 'a revoked API key (Basic)',
    credentials: (s) => keyBasic(s.keys.revoked),
    status: 401,
  },
  {
    label: 'an expired API key (ApiKey)',
    credentials: (s) => apiKey(s.keys.expired.key),
    status: 401,
  },
  {
    label: 'an expired API key (Basic)',
    credentials: (s) => keyBasic(s.keys.expired),
    status: 401,
  },
  {
    label: 'a key without the mount permission (Basic)',
    credentials: (s) => keyBasic(s.keys.noMount),
    status: 403,
  },
];

/**
 * Paths that would lead out of /a into /b if anything resolved or decoded them twice; a file
 * name is appended. Each must be refused as it stands (the one path rule), never resolved.
 */
const ESCAPES: { label: string; prefix: string }[] = [
  { label: 'a dot-dot segment', prefix: '/dav/a/../b/' },
  { label: 'a dot segment then dot-dot', prefix: '/dav/a/./../b/' },
  { label: 'percent-encoded dots %2e%2e', prefix: '/dav/a/%2e%2e/b/' },
  { label: 'upper-case %2E%2E', prefix: '/dav/a/%2E%2E/b/' },
  { label: 'half-encoded .%2e', prefix: '/dav/a/.%2e/b/' },
  { label: 'an encoded slash ..%2f', prefix: '/dav/a/..%2fb%2f' },
  { label: '%2F inside a name', prefix: '/dav/a%2F..%2Fb/' },
  { label: 'backslashes', prefix: '/dav/a/..\\b\\' },
  { label: 'encoded backslashes %5c', prefix: '/dav/a/..%5cb%5c' },
  { label: 'a NUL byte %00', prefix: '/dav/a/..%00/b/' },
  { label: 'overlong UTF-8 dots %c0%ae', prefix: '/dav/a/%c0%ae%c0%ae/b/' },
  { label: 'an overlong UTF-8 slash %c0%af', prefix: '/dav/a/..%c0%afb%c0%af' },
  { label: 'invalid percent-encoding %zz', prefix: '/dav/a/%zz/../b/' },
];

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** Authorization headers that are not valid credentials of any kind. */
const MALFORMED_AUTHORIZATION: [string, string][] = [
  ['Basic with nothing after it', 'Basic'],
  ['Basic with two values', 'Basic abc def'],
  ['Basic without a colon', `Basic ${b64(`${TEST_ADMIN.username}${TEST_ADMIN.password}`)}`],
  ['Basic that is not base64', 'Basic !!!not*base64!!!'],
  ['Basic of only a colon', `Basic ${b64(':')}`],
  ['Basic of bytes that are not UTF-8', `Basic ${b64(Buffer.from([0xff, 0xfe, 0x3a, 0xc0]))}`],
  ['Basic with a NUL in the user name', `Basic ${b64(`admin\0:${TEST_ADMIN.password}`)}`],
  ['Basic with a 1000-character user name', `Basic ${b64(`${'u'.repeat(1000)}:password`)}`],
  ['Basic with a 10 000-character password', `Basic ${b64(`admin:${'p'.repeat(10_000)}`)}`],
  ['an unknown scheme', 'Digest username="admin", realm="Pasteport"'],
  ['a scheme alone', 'ApiKey'],
];

describe.each(DATABASE_KINDS)('WebDAV access control on %s', (kind) => {
  describe('refused credentials (one space: no test may change it)', () => {
    // Dozens of requests here are failed logins from one address (wrong passwords, bad keys in
    // Basic, malformed credentials): the throttle would turn them into 429s after five. It is
    // tested on its own below, with its default limits.
    const space = useSpace(kind, 'all', {
      throttleLimits: { ...DEFAULT_THROTTLE_LIMITS, perUser: 10_000, perIp: 10_000 },
    });

    describe.each(REFUSED)('with $label', ({ credentials, status }) => {
      it('OPTIONS is answered without credentials (200, DAV: 1, 2)', async () => {
        const { s } = space;
        const res = await expectNoChange(s, () =>
          send(s, callOf('OPTIONS', s, ON_A), credentials(s)),
        );
        expectOptionsAnswer(res);
      });

      it.each(AUTHENTICATED_METHODS)(`%s is ${status} and changes nothing`, async (method) => {
        const { s } = space;
        const res = await expectNoChange(s, () => send(s, callOf(method, s, ON_A), credentials(s)));
        expect(res.statusCode, res.body).toBe(status);
        if (status === 401) expectChallenge(res);
        else expect(res.headers['www-authenticate']).toBeUndefined();
        expectNothingLeaked(res.body);
      });
    });

    it.each(MALFORMED_AUTHORIZATION)(
      '%s is 401 with the challenge, never 500',
      async (_label, authorization) => {
        const { s } = space;
        for (const method of ['PROPFIND', 'PUT'] as const) {
          const res = await expectNoChange(s, () =>
            send(s, callOf(method, s, ON_A), { authorization }),
          );
          expect(res.statusCode, res.body).toBe(401);
          expectChallenge(res);
        }
      },
    );

    describe('a read-only key', () => {
      const READ_ONLY_REFUSED = ['PUT', 'DELETE', 'MKCOL', 'COPY', 'MOVE', 'PROPPATCH', 'LOCK'];
      it.each(READ_ONLY_REFUSED)('%s is 403 and changes nothing', async (method) => {
        const { s } = space;
        const res = await expectNoChange(s, () =>
          send(s, callOf(method as Method, s, ON_A), keyBasic(s.keys.readOnly)),
        );
        expect(res.statusCode, res.body).toBe(403);
        expect(res.body).toContain('may read mounts but not write');
      });

      it('reads: GET, HEAD and PROPFIND answer', async () => {
        const { s } = space;
        const auth = keyBasic(s.keys.readOnly);
        await expectNoChange(s, async () => {
          const get = await send(s, callOf('GET', s, ON_A), auth);
          expect(get.statusCode, get.body).toBe(200);
          expect(get.body).toBe('A-KEEP');
          const head = await send(s, callOf('HEAD', s, ON_A), auth);
          expect(head.statusCode).toBe(200);
          const list = await send(s, callOf('PROPFIND', s, ON_A), auth);
          expect(list.statusCode, list.body).toBe(207);
          expect(hrefsOf(list.body)).toContain('/dav/a/keep.txt');
        });
      });
    });

    describe('a key with basic path /a', () => {
      const underA = (s: Space) => keyBasic(s.keys.underA);

      describe.each([ON_B, ON_AB])('on $dir', (place) => {
        it.each(AUTHENTICATED_METHODS)('%s is 403 and changes nothing', async (method) => {
          const { s } = space;
          const res = await expectNoChange(s, () => send(s, callOf(method, s, place), underA(s)));
          expect(res.statusCode, res.body).toBe(403);
          expectNothingLeaked(res.body);
        });
      });

      it('a tagged If naming a path outside /a is refused, nothing written', async () => {
        const { s } = space;
        // An If list is evaluated against its resource: naming one outside the key's reach
        // would tell whether it exists, what its ETag is, or whether it is locked.
        for (const [tag, statuses] of [
          ['/dav/b/secret.txt', [403]],
          [`http://${HOST}/dav/ab/secret.txt`, [403]],
          ['/dav/a/../b/secret.txt', [400, 403]],
          ['http://elsewhere.example/dav/a/keep.txt', [502]],
        ] as const) {
          for (const condition of [`(<${s.locks.b}>)`, '(Not <urn:uuid:none>)', '(["x"])']) {
            const res = await expectNoChange(s, () =>
              dav(s, 'PUT', '/dav/a/new.txt', { ...underA(s), if: `<${tag}> ${condition}` }, 'X'),
            );
            expect(res.statusCode, `${tag} ${condition}: ${res.body}`).toBeOneOf([...statuses]);
          }
        }
      });

      it('works in /a (the control of the refusals)', async () => {
        const { s } = space;
        const res = await send(s, callOf('GET', s, ON_A), underA(s));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toBe('A-KEEP');
      });

      it('PROPFIND of /dav/ shows the way down to /a and no sibling', async () => {
        const { s } = space;
        for (const depth of ['0', '1']) {
          const res = await dav(s, 'PROPFIND', '/dav/', { ...underA(s), depth });
          expect(res.statusCode, res.body).toBe(207);
          expect(hrefsOf(res.body)).toEqual(depth === '0' ? ['/dav/'] : ['/dav/', '/dav/a/']);
          expect(res.body).not.toMatch(/\/dav\/a?b|>a?b</);
        }
        const index = await dav(s, 'GET', '/dav/', underA(s));
        expect(index.statusCode).toBe(200);
        expect([...index.body.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['/dav/a/']);
      });

      const OUTSIDE = [
        ['an absolute path into /b', '/dav/b/stolen.txt'],
        ['an absolute URL into /b', `http://${HOST}/dav/b/stolen.txt`],
        ['an absolute path into /ab', '/dav/ab/stolen.txt'],
        ['an absolute URL at the root', `http://${HOST}/dav/stolen.txt`],
        ['an absolute URL with user info', `http://someone@${HOST}/dav/b/stolen.txt`],
      ];
      describe.each(['COPY', 'MOVE'])('%s from /a', (method) => {
        it.each(OUTSIDE)('to %s (%s) is 403 and writes nothing', async (_label, destination) => {
          const { s } = space;
          const res = await expectNoChange(s, () =>
            dav(s, method, '/dav/a/keep.txt', { ...underA(s), destination }),
          );
          expect(res.statusCode, res.body).toBe(403);
        });

        it.each([
          ['another host', 'http://elsewhere.example/dav/a/copy.txt'],
          ['this host as user info of another', `http://${HOST}@elsewhere.example/dav/a/copy.txt`],
          ['this host on another port', `http://${HOST}:8443/dav/a/copy.txt`],
        ])('to %s (%s) is 502 and writes nothing', async (_label, destination) => {
          const { s } = space;
          const res = await expectNoChange(s, () =>
            dav(s, method, '/dav/a/keep.txt', { ...underA(s), destination }),
          );
          expect(res.statusCode, res.body).toBe(502);
        });
      });
    });

    describe('a key with basic path /a/dir, inside the mount', () => {
      it('sees only its folder in /a, and nothing else there', async () => {
        const { s } = space;
        const auth = keyBasic(s.keys.insideA);
        await expectNoChange(s, async () => {
          const list = await dav(s, 'PROPFIND', '/dav/a/', { ...auth, depth: '1' });
          expect(list.statusCode, list.body).toBe(207);
          expect(hrefsOf(list.body)).toEqual(['/dav/a/', '/dav/a/dir/']);
          expect(list.body).not.toContain('keep.txt');
          for (const method of ['GET', 'PUT', 'DELETE', 'PROPPATCH', 'LOCK'] as const) {
            const res = await send(s, callOf(method, s, ON_A), auth);
            expect(res.statusCode, `${method}: ${res.body}`).toBe(403);
            expectNothingLeaked(res.body);
          }
          const inside = await dav(s, 'GET', '/dav/a/dir/inner.txt', auth);
          expect(inside.body).toBe('A-INNER');
        });
      });
    });

    describe('traversal payloads', () => {
      const ACTORS = [
        ['the administrator', () => adminBasic()],
        ['a key with basic path /a', (s: Space) => keyBasic(s.keys.underA)],
      ] as const;

      describe.each(ESCAPES)('$label ($prefix)', ({ prefix }) => {
        it('in the URL: refused (400 or 403), nothing written or read outside', async () => {
          const { s } = space;
          const port = await portOf(s);
          await expectNoChange(s, async () => {
            for (const [who, credentials] of ACTORS) {
              for (const [method, name, body] of [
                ['PUT', 'planted.txt', 'PLANTED'],
                ['MKCOL', 'planted-dir', undefined],
                ['GET', 'secret.txt', undefined],
                ['DELETE', 'secret.txt', undefined],
                ['PROPPATCH', 'secret.txt', PROPPATCH_BODY],
                ['COPY', 'secret.txt', undefined],
              ] as const) {
                const res = await rawRequest(port, {
                  method,
                  path: `${prefix}${name}`,
                  headers: {
                    ...credentials(s),
                    ...(method === 'COPY' && { destination: '/dav/a/stolen.txt' }),
                  },
                  ...(body !== undefined && { body }),
                });
                expect(res.status, `${who} ${method}: ${res.body}`).toBeOneOf([400, 403]);
                expectNothingLeaked(res.body);
              }
            }
          });
        });

        it('in Destination: refused (400 or 403), nothing written', async () => {
          const { s } = space;
          await expectNoChange(s, async () => {
            for (const [who, credentials] of ACTORS) {
              for (const method of ['COPY', 'MOVE']) {
                for (const destination of [
                  `${prefix}planted.txt`,
                  `http://${HOST}${prefix}planted.txt`,
                ]) {
                  const res = await dav(s, method, '/dav/a/keep.txt', {
                    ...credentials(s),
                    destination,
                  });
                  expect(res.statusCode, `${who} ${method} ${destination}`).toBeOneOf([400, 403]);
                }
              }
            }
          });
        });
      });
    });
  });

  describe('accepted credentials (a space per test)', () => {
    const space = useSpace(kind, 'each');

    it.each(METHODS)(
      'the administrator with Basic: %s does what it says (control of the matrix)',
      async (method) => {
        const { s } = space;
        const before = await stateOf(s);
        const res = await send(s, callOf(method, s, ON_A), adminBasic());
        const outcome = ADMIN_OUTCOME[method];
        expect(res.statusCode, res.body).toBe(outcome.status);
        expect(await stateOf(s)).toEqual({ ...before, ...outcome.after(before, res) });
      },
    );

    it('an API key as the Basic password with any user name acts as that key', async () => {
      const { s } = space;
      for (const username of ['anyone', '', 'admin', s.keys.underA.name]) {
        const auth = keyBasic(s.keys.underA, username);
        const res = await dav(s, 'PROPFIND', '/dav/', { ...auth, depth: '1' });
        expect(res.statusCode, `${username}: ${res.body}`).toBe(207);
        // The key's view, not the administrator's: only the way to /a.
        expect(hrefsOf(res.body)).toEqual(['/dav/', '/dav/a/']);
      }
      const put = await dav(s, 'PUT', '/dav/a/by-key.txt', keyBasic(s.keys.underA, 'x'), 'K');
      expect(put.statusCode, put.body).toBe(201);
      expect((await storageContents(s.t, s.storageA))['by-key.txt']).toBe('K');
      const outside = await dav(s, 'PUT', '/dav/b/by-key.txt', keyBasic(s.keys.underA), 'K');
      expect(outside.statusCode).toBe(403);
    });

    it('the key name as the Basic user name, ApiKey and Bearer all work', async () => {
      const { s } = space;
      const ways: [string, Headers][] = [
        ['Basic with the key name', keyBasic(s.keys.readWrite)],
        ['ApiKey', apiKey(s.keys.readWrite.key)],
        ['Bearer (an admin session)', bearer(s.token)],
      ];
      for (const [label, auth] of ways) {
        const name = `${label.split(' ')[0]!.toLowerCase()}.txt`;
        const put = await dav(s, 'PUT', `/dav/b/${name}`, auth, label);
        expect(put.statusCode, `${label}: ${put.body}`).toBe(201);
        const list = await dav(s, 'PROPFIND', '/dav/b/', { ...auth, depth: '1' });
        expect(list.statusCode, `${label}: ${list.body}`).toBe(207);
        expect(hrefsOf(list.body)).toContain(`/dav/b/${name}`);
      }
      expect(await storageContents(s.t, s.storageB)).toEqual({
        ...SEED_B,
        'basic.txt': 'Basic with the key name',
        'apikey.txt': 'ApiKey',
        'bearer.txt': 'Bearer (an admin session)',
      });
    });

    it('a double-encoded %252e%252e stays a literal name inside /a', async () => {
      const { s } = space;
      const port = await portOf(s);
      const auth = keyBasic(s.keys.underA);
      const put = (urlPath: string, body: string) =>
        rawRequest(port, { method: 'PUT', path: urlPath, headers: auth, body });
      // A literal folder named %2e%2e does not exist: its member cannot be created.
      expect((await put('/dav/a/%252e%252e/b/planted.txt', 'P')).status).toBe(409);
      expect((await put('/dav/a/%252e%252e', 'LITERAL')).status).toBe(201);
      expect((await put('/dav/a/%252e%252e%252fb%252fplanted.txt', 'P2')).status).toBe(201);
      const copy = await dav(s, 'COPY', '/dav/a/keep.txt', {
        ...auth,
        destination: '/dav/a/%252e%252e-copy',
      });
      expect(copy.statusCode, copy.body).toBe(201);
      expect(await storageContents(s.t, s.storageA)).toEqual({
        ...SEED_A,
        '%2e%2e': 'LITERAL',
        '%2e%2e%2fb%2fplanted.txt': 'P2',
        '%2e%2e-copy': 'A-KEEP',
      });
      expect(await storageContents(s.t, s.storageB)).toEqual(SEED_B);
      const get = await rawRequest(port, {
        method: 'GET',
        path: '/dav/a/%252e%252e',
        headers: auth,
      });
      expect(get.body).toBe('LITERAL');
      const list = await dav(s, 'PROPFIND', '/dav/a/', { ...auth, depth: '1' });
      expect(hrefsOf(list.body)).toEqual(
        expect.arrayContaining(['/dav/a/%252e%252e', '/dav/a/%252e%252e%252fb%252fplanted.txt']),
      );
    });
  });

  describe('remembered credentials (a space per test)', () => {
    const space = useSpace(kind, 'each');
    afterEach(() => vi.restoreAllMocks());

    const propfind = (s: Space, auth: Headers) =>
      dav(s, 'PROPFIND', '/dav/a/', { ...auth, depth: '0' });

    it('a deleted key is refused on the very next request with the same Basic header', async () => {
      const { s } = space;
      const auth = keyBasic(s.keys.readWrite, 'anyone');
      for (let i = 0; i < 3; i++) expect((await propfind(s, auth)).statusCode).toBe(207);
      const removed = await s.t.app.inject({
        method: 'DELETE',
        url: `/api/admin/api-keys/${s.keys.readWrite.id}`,
        headers: bearer(s.token),
      });
      expect(removed.statusCode, removed.body).toBe(200);
      const res = await propfind(s, auth);
      expect(res.statusCode, res.body).toBe(401);
      expectChallenge(res);
      const put = await expectNoChange(s, () => dav(s, 'PUT', '/dav/a/late.txt', auth, 'LATE'));
      expect(put.statusCode).toBe(401);
    });

    it('after a password change the old password is refused on the next request', async () => {
      const { s } = space;
      const old = adminBasic();
      for (let i = 0; i < 3; i++) expect((await propfind(s, old)).statusCode).toBe(207);
      const changed = await s.t.app.inject({
        method: 'POST',
        url: '/api/admin/change-password',
        headers: bearer(s.token),
        payload: { currentPassword: TEST_ADMIN.password, newPassword: 'a-brand-new-password' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const res = await propfind(s, old);
      expect(res.statusCode, res.body).toBe(401);
      expectChallenge(res);
      const put = await expectNoChange(s, () => dav(s, 'PUT', '/dav/a/late.txt', old, 'LATE'));
      expect(put.statusCode).toBe(401);
      const fresh = basicAuth(TEST_ADMIN.username, 'a-brand-new-password');
      expect((await propfind(s, fresh)).statusCode).toBe(207);
    });

    it('a password check in flight while the password changes does not remember the old one', async () => {
      const { s } = space;
      const auth = s.t.root.services.auth;
      const realVerify = auth.verifyPassword.bind(auth);
      let verified!: () => void;
      const wasVerified = new Promise<void>((resolve) => (verified = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // Holds the first check between "password right" and the answer, where the change lands.
      vi.spyOn(auth, 'verifyPassword').mockImplementationOnce(async (...args) => {
        const admin = await realVerify(...args);
        verified();
        await released;
        return admin;
      });
      const old = adminBasic();
      const inFlight = propfind(s, old);
      // An answer before the check would mean nothing was checked: fail rather than wait.
      await Promise.race([
        wasVerified,
        inFlight.then((res) => {
          throw new Error(`answered ${res.statusCode} without a password check`);
        }),
      ]);
      const heard = credentialsChangeHeard(s);
      const changed = await s.t.app.inject({
        method: 'POST',
        url: '/api/admin/change-password',
        headers: bearer(s.token),
        payload: { currentPassword: TEST_ADMIN.password, newPassword: 'a-brand-new-password' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await heard;
      release();
      // It was checked before the change: its own answer may stand, or be refused.
      expect((await inFlight).statusCode).toBeOneOf([207, 401]);
      const next = await propfind(s, old);
      expect(next.statusCode, 'the old password, after the change').toBe(401);
    });

    it('N Basic requests cost one password check; a logout forgets them', async () => {
      const { s } = space;
      const checks = vi.spyOn(s.t.root.services.auth, 'verifyPassword');
      const auth = adminBasic();
      // Parallel first requests share the one check in progress.
      const first = await Promise.all(Array.from({ length: 5 }, () => propfind(s, auth)));
      expect(first.map((res) => res.statusCode)).toEqual(Array(5).fill(207));
      for (let i = 0; i < 5; i++) expect((await propfind(s, auth)).statusCode).toBe(207);
      expect(checks).toHaveBeenCalledTimes(1);
      const heard = credentialsChangeHeard(s);
      const out = await s.t.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: bearer(s.token),
      });
      expect(out.statusCode, out.body).toBe(200);
      await heard;
      expect((await propfind(s, auth)).statusCode).toBe(207);
      expect(checks).toHaveBeenCalledTimes(2);
      for (let i = 0; i < 3; i++) expect((await propfind(s, auth)).statusCode).toBe(207);
      expect(checks).toHaveBeenCalledTimes(2);
    });
  });

  describe('the login throttle (a space per test, default limits)', () => {
    const space = useSpace(kind, 'each');
    const PER_USER = DEFAULT_THROTTLE_LIMITS.perUser;

    function expectLockedOut(res: LightMyRequestResponse) {
      expect(res.statusCode, res.body).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }

    it(`after ${PER_USER} wrong Basic passwords even the right one is 429`, async () => {
      const { s } = space;
      vi.clearAllMocks();
      for (let i = 0; i < PER_USER; i++) {
        const res = await dav(s, 'PROPFIND', '/dav/a/', {
          ...basicAuth(TEST_ADMIN.username, `wrong guess ${i}`),
          depth: '0',
        });
        expect(res.statusCode, res.body).toBe(401);
        expectChallenge(res);
      }
      expect(passwordChecks()).toBe(PER_USER);
      const right = await dav(s, 'PROPFIND', '/dav/a/', { ...adminBasic(), depth: '0' });
      expectLockedOut(right);
      const put = await expectNoChange(s, () =>
        dav(s, 'PUT', '/dav/a/new.txt', adminBasic(), 'NEW'),
      );
      expectLockedOut(put);
      // The same counter as the login form's.
      const login = await s.t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: TEST_ADMIN,
      });
      expectLockedOut(login);
      expect(passwordChecks()).toBe(PER_USER);
    });

    it(`20 parallel wrong Basic passwords: at most ${PER_USER} are checked`, async () => {
      const { s } = space;
      vi.clearAllMocks();
      const answers = await expectNoChange(s, () =>
        Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            dav(s, 'PUT', '/dav/a/new.txt', basicAuth(TEST_ADMIN.username, `guess ${i}`), 'NEW'),
          ),
        ),
      );
      const refused = answers.filter((res) => res.statusCode === 401);
      const throttled = answers.filter((res) => res.statusCode === 429);
      expect(refused).toHaveLength(PER_USER);
      expect(throttled).toHaveLength(20 - PER_USER);
      for (const res of refused) expectChallenge(res);
      for (const res of throttled) expectLockedOut(res);
      expect(passwordChecks()).toBe(PER_USER);
      expectLockedOut(await dav(s, 'PROPFIND', '/dav/a/', { ...adminBasic(), depth: '0' }));
    });
  });

  describe('locks and principals (a space per test)', () => {
    const space = useSpace(kind, 'each');

    /** The read-write key locks /a/keep.txt; answers the token. */
    async function heldByKey(s: Space): Promise<string> {
      return lockTokenOf(
        await dav(s, 'LOCK', '/dav/a/keep.txt', keyBasic(s.keys.readWrite), LOCK_BODY),
      );
    }

    const INTRUSIONS: [string, (token: string) => DavCall][] = [
      ['PUT without the token', () => ({ method: 'PUT', url: '/dav/a/keep.txt', body: 'X' })],
      [
        'PUT with the token',
        (token) => ({
          method: 'PUT',
          url: '/dav/a/keep.txt',
          headers: { if: `(<${token}>)` },
          body: 'X',
        }),
      ],
      [
        'DELETE with the token',
        (token) => ({ method: 'DELETE', url: '/dav/a/keep.txt', headers: { if: `(<${token}>)` } }),
      ],
      [
        'MOVE away with the token',
        (token) => ({
          method: 'MOVE',
          url: '/dav/a/keep.txt',
          headers: { if: `(<${token}>)`, destination: '/dav/a/moved.txt' },
        }),
      ],
      [
        'COPY onto it with the token',
        (token) => ({
          method: 'COPY',
          url: '/dav/a/dir/inner.txt',
          headers: { if: `</dav/a/keep.txt> (<${token}>)`, destination: '/dav/a/keep.txt' },
        }),
      ],
      [
        'PROPPATCH with the token',
        (token) => ({
          method: 'PROPPATCH',
          url: '/dav/a/keep.txt',
          headers: { if: `(<${token}>)` },
          body: PROPPATCH_BODY,
        }),
      ],
      [
        'LOCK again with the token',
        (token) => ({
          method: 'LOCK',
          url: '/dav/a/keep.txt',
          headers: { if: `(<${token}>)` },
          body: LOCK_BODY,
        }),
      ],
    ];

    describe.each([
      ['another key', (s: Space) => keyBasic(s.keys.other)],
      ['the administrator', () => adminBasic()],
    ] as const)('%s', (_who, intruder) => {
      it.each(INTRUSIONS)('%s is 423 and changes nothing', async (_label, intrusion) => {
        const { s } = space;
        const token = await heldByKey(s);
        const res = await expectNoChange(s, () => send(s, intrusion(token), intruder(s)));
        expect(res.statusCode, res.body).toBe(423);
      });
    });

    it('only the holder refreshes or unlocks; its token works in either form', async () => {
      const { s } = space;
      const token = await heldByKey(s);
      const other = keyBasic(s.keys.other);
      await expectNoChange(s, async () => {
        const unlock = await dav(s, 'UNLOCK', '/dav/a/keep.txt', {
          ...other,
          'lock-token': `<${token}>`,
        });
        expect(unlock.statusCode, unlock.body).toBe(403);
        const refresh = await dav(s, 'LOCK', '/dav/a/keep.txt', { ...other, if: `(<${token}>)` });
        expect(refresh.statusCode, refresh.body).toBe(412);
      });
      for (const [form, auth] of [
        ['Basic', keyBasic(s.keys.readWrite, 'anyone')],
        ['ApiKey', apiKey(s.keys.readWrite.key)],
      ] as const) {
        const put = await dav(s, 'PUT', '/dav/a/keep.txt', { ...auth, if: `(<${token}>)` }, form);
        expect(put.statusCode, put.body).toBe(204);
        expect((await storageContents(s.t, s.storageA))['keep.txt']).toBe(form);
      }
      const unlock = await dav(s, 'UNLOCK', '/dav/a/keep.txt', {
        ...keyBasic(s.keys.readWrite),
        'lock-token': `<${token}>`,
      });
      expect(unlock.statusCode, unlock.body).toBe(204);
    });
  });
});

import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNTIL_DONE } from '../../../../test/hang-guard.js';
import { installErrorHandler } from '../../../http/error-handler.js';
import { put, readAll, sha256 } from '../../../../test/storage-contract/helpers.js';
import { LocalStorageDriver } from './local-driver.js';
import { registerLocalSignedRoutes } from './local-signed.routes.js';
import { signToken } from './signed-url.js';

const PREFIX = '/api/storage/local';
const signingKey = randomBytes(32);
let root: string;
let driver: LocalStorageDriver;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pasteport-signed-'));
  driver = new LocalStorageDriver({ id: 'main', root, signingKey, signedUrlBase: PREFIX });
  app = Fastify({ logger: false });
  installErrorHandler(app);
  await registerLocalSignedRoutes(app, {
    prefix: PREFIX,
    getLocalDriver: (id) => (id === 'main' ? driver : null),
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const body = Buffer.from('0123456789');

async function getUrl(key: string, options: Parameters<LocalStorageDriver['presignGet']>[1] = {}) {
  return (await driver.presignGet(key, options)).url;
}

describe('local signed routes: downloads', () => {
  let digitsEtag = '';
  beforeAll(async () => {
    digitsEtag = (await put(driver, 'dl/digits.txt', body, 'text/plain')).etag;
    await put(driver, 'dl/page.html', '<script>alert(1)</script>', 'text/html');
  });

  it('serves the object with safe headers', async () => {
    const res = await app.inject({ url: await getUrl('dl/digits.txt') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0123456789');
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain',
      'content-length': '10',
      'accept-ranges': 'bytes',
      etag: `"${digitsEtag}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringMatching(/^sandbox;/) as unknown,
      'content-disposition': 'inline',
    });
    expect(res.headers['last-modified']).toMatch(/GMT$/);
  });

  it('defaults active content to attachment and honours the signed name and type', async () => {
    const html = await app.inject({ url: await getUrl('dl/page.html') });
    expect(html.headers['content-disposition']).toBe('attachment');
    const named = await app.inject({
      url: await getUrl('dl/digits.txt', {
        filename: '数字.txt',
        contentType: 'application/x-digits',
      }),
    });
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''%E6%95%B0%E5%AD%97.txt`,
    );
    expect(named.headers['content-type']).toBe('application/x-digits');
  });

  it.each([
    ['bytes=0-0', 206, '0', 'bytes 0-0/10'],
    ['bytes=3-5', 206, '345', 'bytes 3-5/10'],
    ['bytes=7-', 206, '789', 'bytes 7-9/10'],
    ['bytes=-2', 206, '89', 'bytes 8-9/10'],
    ['bytes=8-100', 206, '89', 'bytes 8-9/10'],
    ['bytes=0-1,4-5', 200, '0123456789', undefined],
    ['pages=1', 200, '0123456789', undefined],
  ])('answers Range %s with %i', async (range, status, text, contentRange) => {
    const res = await app.inject({ url: await getUrl('dl/digits.txt'), headers: { range } });
    expect(res.statusCode).toBe(status);
    expect(res.body).toBe(text);
    expect(res.headers['content-length']).toBe(String(text.length));
    expect(res.headers['content-range']).toBe(contentRange);
  });

  it('answers an unsatisfiable range with 416 and the size', async () => {
    const res = await app.inject({
      url: await getUrl('dl/digits.txt'),
      headers: { range: 'bytes=10-' },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
    expect(res.json()).toMatchObject({ success: false, error: 'RANGE_NOT_SATISFIABLE' });
  });

  it('answers If-None-Match with 304 when the ETag matches (weakly)', async () => {
    const url = await getUrl('dl/digits.txt');
    const etag = digitsEtag;
    for (const tag of [`"${etag}"`, `W/"${etag}"`, `"x", "${etag}"`, '*']) {
      const res = await app.inject({ url, headers: { 'if-none-match': tag } });
      expect(res.statusCode, tag).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(`"${etag}"`);
    }
    const stale = await app.inject({ url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const url = await getUrl('dl/digits.txt');
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe('10');
    const ranged = await app.inject({ method: 'HEAD', url, headers: { range: 'bytes=2-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('2');
    expect(ranged.headers['content-range']).toBe('bytes 2-3/10');
  });

  it('answers 404 for a signed URL whose object is gone', async () => {
    await put(driver, 'dl/gone.txt', 'x');
    const url = await getUrl('dl/gone.txt');
    await driver.deleteMany(['dl/gone.txt']);
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('local signed routes: refusals', () => {
  const sign = (overrides: Partial<Parameters<typeof signToken>[1]>) =>
    signToken(signingKey, {
      v: 1,
      sid: 'main',
      op: 'get',
      key: 'dl/digits.txt',
      exp: Date.now() + 60_000,
      ...overrides,
    });

  it.each([
    ['no token', `${PREFIX}/object`, 'GET', 403, 'FORBIDDEN'],
    ['garbage token', `${PREFIX}/object?token=abc.def`, 'GET', 403, 'FORBIDDEN'],
    [
      'unknown storage',
      `${PREFIX}/object?token=${signToken(signingKey, { v: 1, sid: 'other', op: 'get', key: 'a', exp: Date.now() + 9e4 })}`,
      'GET',
      403,
      'FORBIDDEN',
    ],
    [
      'foreign key',
      `${PREFIX}/object?token=${signToken(randomBytes(32), { v: 1, sid: 'main', op: 'get', key: 'dl/digits.txt', exp: Date.now() + 9e4 })}`,
      'GET',
      403,
      'FORBIDDEN',
    ],
    [
      'expired',
      `${PREFIX}/object?token=${sign({ exp: Date.now() - 1 })}`,
      'GET',
      412,
      'PRECONDITION_FAILED',
    ],
    ['GET token on PUT', `${PREFIX}/object?token=${sign({})}`, 'PUT', 403, 'FORBIDDEN'],
    [
      'PUT token on GET',
      `${PREFIX}/object?token=${sign({ op: 'put', ct: 'text/plain' })}`,
      'GET',
      403,
      'FORBIDDEN',
    ],
    ['GET token on part', `${PREFIX}/part?token=${sign({})}`, 'PUT', 403, 'FORBIDDEN'],
    [
      'reserved key',
      `${PREFIX}/object?token=${sign({ key: '.meta/dl/digits.txt.json' })}`,
      'GET',
      400,
      'VALIDATION_FAILED',
    ],
  ] as const)('refuses %s', async (_name, url, method, status, error) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'content-type': 'text/plain' },
      payload: method === 'PUT' ? 'x' : undefined,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error });
  });
});

describe('local signed routes: uploads', () => {
  it('stores a PUT of any content type, streamed, and answers its ETag', async () => {
    const payload = randomBytes(300_000);
    const { url, headers } = await driver.presignPut('up/raw.bin', {
      contentType: 'application/json',
    });
    const res = await app.inject({ method: 'PUT', url, headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await driver.stat('up/raw.bin')).toMatchObject({
      size: 300_000,
      contentType: 'application/json',
      etag: res.headers.etag?.slice(1, -1),
    });
    expect(sha256(await readAll((await driver.read('up/raw.bin')).stream))).toBe(sha256(payload));
  });

  it('stores a part through the part route', async () => {
    const uploadId = await driver.createMultipart('up/mp.bin', { contentType: 'text/plain' });
    const { url } = await driver.presignPart('up/mp.bin', uploadId, 7);
    const res = await app.inject({ method: 'PUT', url, payload: 'part seven' });
    expect(res.statusCode).toBe(200);
    expect(await driver.listParts('up/mp.bin', uploadId)).toEqual([
      { partNumber: 7, etag: res.headers.etag?.slice(1, -1), size: 10 },
    ]);
    await driver.abortMultipart('up/mp.bin', uploadId);
    const late = await app.inject({ method: 'PUT', url, payload: 'too late' });
    expect(late.statusCode).toBe(404);
  });

  it('leaves nothing behind when the client disconnects mid-upload', async () => {
    const { url, headers } = await driver.presignPut('up/cut.bin', { contentType: 'text/plain' });
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${origin}${url}`, {
        method: 'PUT',
        headers: { ...headers, 'content-length': String(4 << 20) },
      });
      req.on('error', () => resolve());
      req.write(randomBytes(1 << 20), () => setTimeout(() => req.destroy(), 50));
    });
    // The server notices the reset asynchronously: wait for its clean-up however long it takes.
    await vi.waitFor(
      async () => expect(await readdir(path.join(root, '.tmp'))).toEqual([]),
      UNTIL_DONE,
    );
    expect(await driver.stat('up/cut.bin')).toBeNull();
  });
});

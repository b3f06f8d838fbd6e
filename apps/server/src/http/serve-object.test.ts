import Fastify, { type FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObjectInfo, ReadOptions } from '../storage/storage-driver.js';
import { installErrorHandler } from './error-handler.js';
import { serveObject, type ServedObject } from './serve-object.js';
import { installUserContentPolicy } from './user-content.js';

const BYTES = Buffer.from('0123456789');
const INFO: ObjectInfo = {
  key: 'k/a.png',
  size: BYTES.length,
  etag: 'abc',
  lastModified: new Date('2026-01-02T03:04:05Z'),
  contentType: 'image/png',
};

/** A driver over one object that records what it was asked. */
function fakeDriver() {
  const calls: string[] = [];
  return {
    calls,
    stat: (key: string) => {
      calls.push(`stat ${key}`);
      return Promise.resolve(INFO);
    },
    read: (key: string, options: ReadOptions = {}) => {
      calls.push(`read ${key}`);
      const range =
        options.range && 'start' in options.range
          ? { start: options.range.start, end: options.range.end ?? BYTES.length - 1 }
          : null;
      const slice = range ? BYTES.subarray(range.start, range.end + 1) : BYTES;
      return Promise.resolve({
        ...INFO,
        stream: Readable.from([slice]),
        contentLength: slice.length,
        range,
      });
    },
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server answering GET/HEAD /o with serveObject; `beforeBody` calls are recorded. */
async function serve(object: Partial<ServedObject> = {}, location?: string) {
  const driver = fakeDriver();
  app = Fastify();
  installErrorHandler(app);
  installUserContentPolicy(app, []);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/o',
    exposeHeadRoute: false,
    handler: (request, reply) =>
      serveObject(request, reply, {
        driver,
        key: INFO.key,
        size: INFO.size,
        contentType: 'image/png',
        filename: 'a.png',
        use: 'view',
        cacheControl: 'private, no-cache',
        etag: 'abc',
        beforeBody: () => {
          driver.calls.push('beforeBody');
          return Promise.resolve(location);
        },
        ...object,
      }),
  });
  await app.ready();
  return { app, calls: driver.calls };
}

describe('serveObject', () => {
  it('answers a GET with the bytes, the user-content headers and the validators', async () => {
    const { app, calls } = await serve();
    const res = await app.inject({ method: 'GET', url: '/o' });
    expect([res.statusCode, res.body]).toEqual([200, '0123456789']);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-cache',
      etag: '"abc"',
      'last-modified': INFO.lastModified.toUTCString(),
      'content-length': '10',
    });
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(calls).toEqual(['beforeBody', `read ${INFO.key}`]);
  });

  it('makes an active type an attachment, even asked to be viewed', async () => {
    const { app } = await serve({ contentType: 'text/html' });
    const res = await app.inject({ method: 'GET', url: '/o' });
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 304 for a matching If-None-Match without reading or counting', async () => {
    const { app, calls } = await serve();
    const res = await app.inject({ url: '/o', headers: { 'if-none-match': 'W/"x", W/"abc"' } });
    expect([res.statusCode, res.headers.etag, res.headers['last-modified']]).toEqual([
      304,
      '"abc"',
      undefined,
    ]);
    expect(calls).toEqual([]);
  });

  it('sends the known validators with a 304, and never answers 304 without an ETag', async () => {
    const known = await serve({ info: INFO });
    const res = await known.app.inject({ url: '/o', headers: { 'if-none-match': '"abc"' } });
    expect([res.statusCode, res.headers['last-modified']]).toEqual([
      304,
      INFO.lastModified.toUTCString(),
    ]);
    await app?.close();
    const unconditional = await serve({ etag: null });
    const again = await unconditional.app.inject({ url: '/o', headers: { 'if-none-match': '*' } });
    expect(again.statusCode).toBe(200);
  });

  it('serves one byte range as 206, and refuses an unsatisfiable one before counting', async () => {
    const { app, calls } = await serve();
    const res = await app.inject({ url: '/o', headers: { range: 'bytes=2-4' } });
    expect([res.statusCode, res.body, res.headers['content-range']]).toEqual([
      206,
      '234',
      'bytes 2-4/10',
    ]);
    const refused = await app.inject({ url: '/o', headers: { range: 'bytes=10-' } });
    expect([refused.statusCode, refused.headers['content-range']]).toEqual([416, 'bytes */10']);
    expect(calls).toEqual(['beforeBody', `read ${INFO.key}`]);
  });

  it('answers HEAD with the length and validators, never counting or reading', async () => {
    const { app, calls } = await serve();
    const res = await app.inject({ method: 'HEAD', url: '/o', headers: { range: 'bytes=-3' } });
    expect([res.statusCode, res.headers['content-length'], res.headers['content-range']]).toEqual([
      206,
      '3',
      'bytes 7-9/10',
    ]);
    expect(res.headers.etag).toBe('"abc"');
    expect(calls).toEqual([`stat ${INFO.key}`]);
    await app.close();
    const known = await serve({ info: INFO });
    await known.app.inject({ method: 'HEAD', url: '/o' });
    expect(known.calls).toEqual([]);
  });

  it('redirects where beforeBody says, uncached, without reading', async () => {
    const { app, calls } = await serve({}, 'https://cdn.example/a.png');
    const res = await app.inject({ url: '/o' });
    expect([res.statusCode, res.headers.location, res.headers['cache-control']]).toEqual([
      302,
      'https://cdn.example/a.png',
      'no-store',
    ]);
    expect(calls).toEqual(['beforeBody']);
  });
});

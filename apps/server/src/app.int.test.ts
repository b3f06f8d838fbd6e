import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  errorEnvelopeSchema,
  healthSchema,
  successEnvelope,
  versionSchema,
} from '@pasteport/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/app-harness.js';
import { DATABASE_KINDS } from '../test/databases.js';
import { sendData } from './http/envelope.js';
import { parseWith } from './http/validate.js';
import { AppError } from './lib/app-error.js';

describe.each(DATABASE_KINDS)('system routes on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(kind);
  });
  afterEach(() => t.close());

  it('GET /api/version reports name, version, runtime and database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode).toBe(200);
    const body = successEnvelope(versionSchema).parse(res.json());
    expect(body.data).toEqual({
      name: 'Pasteport',
      version: '0.7.0',
      runtime: `node ${process.version}`,
      database: kind,
    });
  });

  it('GET /api/health is 200 when the database and default storage are up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = successEnvelope(healthSchema).parse(res.json());
    expect(body.data.status).toBe('ok');
    expect(body.data.checks.database.status).toBe('up');
    expect(body.data.checks.storage.status).toBe('up');
  });

  it('GET /api/health is 503 naming the storage when the storage folder is gone', async () => {
    await rm(path.join(t.dataDir, 'storage'), { recursive: true, force: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.error).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).toBe('unavailable: storage');
    const data = healthSchema.parse(body.data);
    expect(data.checks.storage.status).toBe('down');
    expect(data.checks.database.status).toBe('up');
  });

  it('GET /api/health is 503 naming the database when it is closed', async () => {
    // Warm the storage driver first: its lookup needs the database too.
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    const data = healthSchema.parse(errorEnvelopeSchema.parse(res.json()).data);
    expect(data.checks.database.status).toBe('down');
    expect(data.checks.database.error).toBeTruthy();
  });
});

describe('HTTP error model', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp('sqlite');
    const echo = z.object({ name: z.string().min(1), size: z.number().int().nonnegative() });
    t.app.post('/api/test/echo', { config: { access: 'public' } }, (request, reply) =>
      sendData(reply, parseWith(echo, request.body, 'body'), 201),
    );
    t.app.get('/api/test/boom', { config: { access: 'public' } }, () => {
      throw new Error('secret internal detail');
    });
    t.app.get('/api/test/limited', { config: { access: 'public' } }, () => {
      throw new AppError('RATE_LIMITED', 'slow down', { headers: { 'retry-after': '30' } });
    });
  });
  afterEach(() => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload,
      headers: { 'content-type': contentType },
    });

  it('wraps data in the success envelope', async () => {
    const res = await post(JSON.stringify({ name: 'a', size: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      code: 201,
      message: 'created',
      success: true,
      data: { name: 'a', size: 1 },
    });
  });

  it('answers unknown /api routes with a 404 envelope and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body).toMatchObject({
      code: 404,
      success: false,
      error: 'ROUTE_NOT_FOUND',
      message: 'no API route GET /api/nope',
    });
    expect(res.headers['x-request-id']).toBe(body.requestId);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400 MALFORMED_BODY', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'MALFORMED_BODY', success: false, code: 400 });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), size: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', code: 413 });
  });

  it('answers a wrong content type with 415', async () => {
    const res = await post('name=a', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', code: 415 });
    const form = await post('name=a', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
  });

  it('answers invalid fields with 400 naming each field and rule', async () => {
    const res = await post(JSON.stringify({ name: '', size: -1 }));
    expect(res.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(res.json());
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.details?.map((d) => d.field).sort()).toEqual(['name', 'size']);
    expect(body.details?.find((d) => d.field === 'size')?.rule).toBe('too_small');
  });

  it('turns an unexpected error into a bare 500 without leaking its message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'INTERNAL', message: 'internal server error' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('passes AppError headers through (Retry-After on 429)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toMatchObject({ error: 'RATE_LIMITED', message: 'slow down' });
  });

  it('answers the API with a CSP that allows nothing, and no HSTS on plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Document-only headers mean nothing on JSON.
    for (const name of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster']) {
      expect(res.headers[name], name).toBeUndefined();
    }
  });

  it('sends the app its strict CSP and the document headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('HSTS', () => {
  it('is sent when the public URL is https', async () => {
    const t = await buildTestApp('sqlite', { publicUrl: 'https://paste.example.com' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/version' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
    } finally {
      await t.close();
    }
  });
});

describe('shutdown', () => {
  it('finishes in-flight requests while refusing new ones', async () => {
    const t = await buildTestApp('sqlite');
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolveStarted) => {
      t.app.get('/api/test/slow', { config: { access: 'public' } }, async (_request, reply) => {
        resolveStarted();
        await new Promise<void>((r) => (release = r));
        return sendData(reply, { done: true });
      });
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await started;
    const closing = t.app.close();
    await expect(fetch(`http://127.0.0.1:${port}/api/version`)).rejects.toThrow();
    release();
    await expect(inFlight).resolves.toMatchObject({ success: true, data: { done: true } });
    await closing;
    await t.close();
  });
});

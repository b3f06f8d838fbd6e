import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { adminToken, bearer } from '../../test/identity.js';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, CORS_EXPOSED_HEADERS } from './cors.js';
import { computeSecurityHeaders } from './security-headers.js';

const APP_ORIGIN = 'https://app.example.com';
const OTHER_ORIGIN = 'https://evil.example.com';

/** Every CORS response header present in an answer, by name. */
function corsHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name.startsWith('access-control-')),
  );
}

/** The names an answer's Vary lists. */
function varyOf(headers: Record<string, unknown>): string[] {
  const vary = headers.vary;
  return typeof vary === 'string' ? vary.split(/,\s*/) : [];
}

function preflight(t: TestApp, origin: string, url = '/api/paste', method = 'POST') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });
}

describe('CORS for the listed origins (CORS_ORIGINS)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      corsOrigins: [APP_ORIGIN, 'http://127.0.0.1:5173'],
      httpLimits: { bodyIdleTimeoutMs: 0 },
    });
    // A route that sets its own Vary on the raw response, as the static files do theirs.
    t.app.get('/api/test/raw-vary', { config: { access: 'public' } }, (_request, reply) => {
      reply.raw.setHeader('Vary', 'Accept-Language');
      return reply.send({ data: true });
    });
    token = await adminToken(t);
  });
  afterAll(() => t.close());

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    'answers a preflight for %s from a listed origin with every method and header the app uses',
    async (method) => {
      const res = await preflight(t, APP_ORIGIN, '/api/admin/pastes/abc', method);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(corsHeaders(res.headers)).toEqual({
        'access-control-allow-origin': APP_ORIGIN,
        'access-control-allow-methods': CORS_ALLOWED_METHODS,
        'access-control-allow-headers': CORS_ALLOWED_HEADERS,
        'access-control-max-age': '7200',
      });
      expect(CORS_ALLOWED_METHODS.split(', ')).toContain(method);
      expect(varyOf(res.headers)).toContain('Origin');
    },
  );

  it('allows the request headers the web client sends', () => {
    const allowed = CORS_ALLOWED_HEADERS.toLowerCase().split(', ');
    for (const header of ['authorization', 'content-type', 'range', 'x-upload-secret']) {
      expect(allowed).toContain(header);
    }
  });

  it('answers a preflight from another listed origin with that origin, not a wildcard', async () => {
    const res = await preflight(t, 'http://127.0.0.1:5173');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives an unlisted origin no CORS headers on a preflight or a request', async () => {
    const pre = await preflight(t, OTHER_ORIGIN);
    expect(pre.statusCode).not.toBe(204);
    expect(corsHeaders(pre.headers)).toEqual({});
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: OTHER_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual({});
    // The answer still varies by Origin, so no cache hands it to a listed origin.
    expect(varyOf(res.headers)).toContain('Origin');
  });

  it('echoes the origin and exposes the headers the app reads on an actual request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: { origin: APP_ORIGIN, ...bearer(token) },
      payload: { content: 'across origins' },
    });
    expect(res.statusCode).toBe(201);
    expect(corsHeaders(res.headers)).toEqual({
      'access-control-allow-origin': APP_ORIGIN,
      'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    });
    expect(varyOf(res.headers)).toContain('Origin');
    const exposed = CORS_EXPOSED_HEADERS.toLowerCase().split(', ');
    for (const header of ['content-range', 'content-disposition', 'etag', 'retry-after']) {
      expect(exposed).toContain(header);
    }
    // The security headers and request id are unchanged.
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a Vary the route set itself beside Origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/raw-vary',
      headers: { origin: APP_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(varyOf(res.headers)).toEqual(expect.arrayContaining(['Accept-Language', 'Origin']));
  });

  it.each([
    ['401 (no credentials)', { method: 'GET' as const, url: '/api/s3-configs' }, 401],
    ['404 (no such route)', { method: 'GET' as const, url: '/api/no-such-route' }, 404],
    [
      '413 (body over the limit)',
      {
        method: 'POST' as const,
        url: '/api/paste/abc',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ password: 'x'.repeat(2 * 1024 * 1024) }),
      },
      413,
    ],
  ])('lets the browser read an error answer: %s', async (_name, request, status) => {
    const res = await t.app.inject({
      ...request,
      headers: { ...('headers' in request ? request.headers : {}), origin: APP_ORIGIN },
    });
    expect(res.statusCode).toBe(status);
    expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(res.headers['access-control-expose-headers']).toBe(CORS_EXPOSED_HEADERS);
    expect(varyOf(res.headers)).toContain('Origin');
    expect(typeof res.json<{ error: unknown }>().error).toBe('string');
  });
});

describe('without CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers no preflight and adds no CORS headers or Vary, whatever the origin', async () => {
    const pre = await preflight(t, APP_ORIGIN);
    expect(pre.statusCode).toBe(404);
    expect(corsHeaders(pre.headers)).toEqual({});
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: APP_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(corsHeaders(res.headers)).toEqual({});
    expect(varyOf(res.headers)).not.toContain('Origin');
    expect(varyOf(pre.headers)).not.toContain('Origin');
  });
});

describe("the app's Content-Security-Policy", () => {
  it('lets the app call an API on another http(s) origin', () => {
    const csp = computeSecurityHeaders(false)['content-security-policy'] ?? '';
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
    expect(connect.trim().split(/\s+/)).toEqual(expect.arrayContaining(['https:', 'http:']));
  });
});

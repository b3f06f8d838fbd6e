import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { directUpload } from '../../test/files.js';
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

/** One directive of a Content-Security-Policy header, as written ('' when absent). */
function cspDirective(headers: Record<string, unknown>, name: string): string {
  const value = headers['content-security-policy'];
  const csp = typeof value === 'string' ? value : '';
  return (
    csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.split(/\s+/)[0] === name) ?? ''
  );
}

/** Uploads a small file (view-limit-free, no password) under a chosen slug as the admin. */
async function givenFile(
  t: TestApp,
  token: string,
  slug: string,
  file: { filename: string; type: string },
): Promise<void> {
  const res = await directUpload(
    t,
    bearer(token),
    { slug },
    { ...file, data: Buffer.from(`bytes of ${file.filename}`) },
  );
  expect(res.statusCode, res.body).toBe(201);
}

/** The previews the file page embeds: an image, a video and text (framed), and a PDF. */
const PREVIEWS = [
  { slug: 'pv-png', filename: 'a.png', type: 'image/png' },
  { slug: 'pv-webm', filename: 'a.webm', type: 'video/webm' },
  { slug: 'pv-txt', filename: 'a.txt', type: 'text/plain' },
  { slug: 'pv-pdf', filename: 'a.pdf', type: 'application/pdf' },
];

function view(t: TestApp, slug: string, origin?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/file-view/${slug}`,
    headers: origin === undefined ? {} : { origin },
  });
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
    for (const header of [
      'authorization',
      'content-type',
      'range',
      'x-upload-secret',
      'idempotency-key',
    ]) {
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
    for (const header of [
      'content-range',
      'content-disposition',
      'etag',
      'retry-after',
      'idempotent-replayed',
    ]) {
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

describe('previews for the listed origins (CORS_ORIGINS)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { corsOrigins: [APP_ORIGIN, 'http://127.0.0.1:5173'] });
    token = await adminToken(t);
    for (const file of PREVIEWS) await givenFile(t, token, file.slug, file);
    await givenFile(t, token, 'pv-html', { filename: 'a.html', type: 'text/html' });
  });
  afterAll(() => t.close());

  it('lets exactly the listed origins frame and embed an image, video, text or PDF preview', async () => {
    for (const { slug } of PREVIEWS) {
      const res = await view(t, slug, APP_ORIGIN);
      expect(res.statusCode, slug).toBe(200);
      expect(String(res.headers['content-disposition']), slug).toMatch(/^inline/);
      expect(cspDirective(res.headers, 'frame-ancestors'), slug).toBe(
        "frame-ancestors 'self' https://app.example.com http://127.0.0.1:5173",
      );
      // CORP cannot name origins: the listed ones can embed it only if it is cross-origin.
      expect(res.headers['cross-origin-resource-policy'], slug).toBe('cross-origin');
      expect(res.headers['access-control-allow-origin'], slug).toBe(APP_ORIGIN);
      expect(res.headers['x-content-type-options'], slug).toBe('nosniff');
    }
    // Passive content keeps its sandbox; the PDF keeps only the frame rule, as before.
    expect((await view(t, 'pv-png')).headers['content-security-policy']).toMatch(/^sandbox;/);
    expect((await view(t, 'pv-pdf')).headers['content-security-policy']).not.toMatch(/sandbox/);
  });

  it('gives the same to an inline signed local link', async () => {
    const row = await t.database.db
      .selectFrom('files')
      .select(['storage_config_id', 'storage_path'])
      .where('slug', '=', 'pv-png')
      .executeTakeFirstOrThrow();
    const driver = await t.storage.getDriver(row.storage_config_id);
    const signed = await driver.presignGet(row.storage_path);
    const res = await t.app.inject({
      method: 'GET',
      url: signed.url,
      headers: { origin: APP_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toMatch(/^inline/);
    expect(cspDirective(res.headers, 'frame-ancestors')).toBe(
      "frame-ancestors 'self' https://app.example.com http://127.0.0.1:5173",
    );
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('keeps downloads and active types unframeable and same-origin', async () => {
    const answers = [
      ...(await Promise.all(
        PREVIEWS.map(({ slug }) =>
          t.app.inject({ method: 'GET', url: `/api/file-download/${slug}` }),
        ),
      )),
      await view(t, 'pv-html', APP_ORIGIN),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment/);
      expect(cspDirective(res.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('leaves the API answers same-origin for embedding', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/files/pv-png',
      headers: { origin: APP_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('without CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('keeps previews framed by this origin only and same-origin for embedding', async () => {
    const token = await adminToken(t);
    for (const file of PREVIEWS) {
      await givenFile(t, token, file.slug, file);
      const res = await view(t, file.slug, APP_ORIGIN);
      expect(res.statusCode, file.slug).toBe(200);
      expect(String(res.headers['content-disposition']), file.slug).toMatch(/^inline/);
      expect(cspDirective(res.headers, 'frame-ancestors'), file.slug).toBe(
        "frame-ancestors 'self'",
      );
      expect(res.headers['cross-origin-resource-policy'], file.slug).toBe('same-origin');
      expect(res.headers['x-frame-options'], file.slug).toBe('SAMEORIGIN');
      const saved = await t.app.inject({ method: 'GET', url: `/api/file-download/${file.slug}` });
      expect(cspDirective(saved.headers, 'frame-ancestors'), file.slug).toBe(
        "frame-ancestors 'none'",
      );
      expect(saved.headers['cross-origin-resource-policy'], file.slug).toBe('same-origin');
    }
  });

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
  const headers = computeSecurityHeaders(false);
  const sources = (name: string) => cspDirective(headers, name).split(/\s+/).slice(1);

  it('lets the app call an API on another http(s) origin', () => {
    expect(sources('connect-src')).toEqual(expect.arrayContaining(['https:', 'http:']));
  });

  it('lets the app play audio and video previews from an API on another https origin', () => {
    expect(sources('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'https:']));
    expect(sources('img-src')).toContain('https:');
  });

  it('lets the explorer show images and media from a storage reached over plain http', () => {
    // A mount's previews read its storage's presigned links: MinIO on a LAN is often http.
    expect(sources('img-src')).toContain('http:');
    expect(sources('media-src')).toContain('http:');
    // Still nothing but our own scripts, and no frame from such a host.
    expect(sources('script-src')).toEqual(["'self'"]);
    expect(sources('frame-src')).not.toContain('http:');
  });

  it('frames no other host than its own and the Office viewers', () => {
    expect(sources('frame-src')).toEqual([
      "'self'",
      'https://view.officeapps.live.com',
      'https://docs.google.com',
    ]);
    expect(sources('frame-ancestors')).toEqual(["'none'"]);
  });
});

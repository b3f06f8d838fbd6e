import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';

const BIG = 'vendor-Ef56Gh78.js';
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const BIG_CSS = Array.from({ length: 200 }, (_, i) => `.c${i} { margin: ${i}px; }`).join('\n');

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'pp-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Pasteport</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'export const answer = 42;');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
    await writeFile(
      path.join(dist, 'assets', 'logo-Ab12.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    // A built chunk with the copies the web build writes beside it (apps/web/build/precompress.ts).
    await writeFile(path.join(dist, 'assets', BIG), BIG_JS);
    await writeFile(path.join(dist, 'assets', `${BIG}.br`), zlib.brotliCompressSync(BIG_JS));
    await writeFile(path.join(dist, 'assets', `${BIG}.gz`), zlib.gzipSync(BIG_JS));
    await writeFile(path.join(dist, 'assets', 'only-gzip-Zz9.css'), BIG_CSS);
    await writeFile(path.join(dist, 'assets', 'only-gzip-Zz9.css.gz'), zlib.gzipSync(BIG_CSS));
    t = await buildTestApp('sqlite', { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('export const answer = 42;');
  });

  it('serves other files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/',
    '/upload',
    '/paste/abc',
    '/admin/settings',
    '/mount-explorer/a/b?preview=x',
    '/no/such/page',
  ])('answers the client route %s with index.html, revalidated', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('sends scripts and API answers without the document-only headers, documents and SVGs with all', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('no-referrer');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
    ]) {
      expect(script.headers[name], name).toBeUndefined();
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(api.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/', '/assets/logo-Ab12.svg', '/assets/index-Ab12Cd34.js.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });

  it('does not answer a missing asset with index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'ROUTE_NOT_FOUND' });
  });

  it('does not serve files outside the dist folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/../../package.json' });
    expect(res.body).not.toContain('"workspaces"');
    const encoded = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2findex.html' });
    expect(encoded.statusCode).toBe(404);
  });

  describe('precompressed copies', () => {
    const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url,
        headers:
          acceptEncoding === undefined ? extra : { 'accept-encoding': acceptEncoding, ...extra },
      });

    it('sends the brotli copy when br is accepted, decoding to the original', async () => {
      const res = await get(`/assets/${BIG}`, 'gzip, deflate, br, zstd');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(BIG_JS.length);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS);
    });

    it('sends the gzip copy when only gzip is accepted, or br is refused with q=0', async () => {
      for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
        const res = await get(`/assets/${BIG}`, accept);
        expect(res.headers['content-encoding'], accept).toBe('gzip');
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(BIG_JS);
      }
    });

    it('sends the file as it is, still with Vary, when no coding is acceptable', async () => {
      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'zstd']) {
        const res = await get(`/assets/${BIG}`, accept);
        expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(BIG_JS.length);
        expect(res.body).toBe(BIG_JS);
      }
    });

    it('falls back to the copy that exists', async () => {
      const res = await get('/assets/only-gzip-Zz9.css', 'br, gzip');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(BIG_CSS);
    });

    it('gives each coding its own ETag and answers its conditional request with 304', async () => {
      const br = await get(`/assets/${BIG}`, 'br');
      const gz = await get(`/assets/${BIG}`, 'gzip');
      const plain = await get(`/assets/${BIG}`);
      const tags = [br, gz, plain].map((res) => String(res.headers.etag));
      expect(new Set(tags).size).toBe(3);
      const again = await get(`/assets/${BIG}`, 'br', { 'if-none-match': tags[0] ?? '' });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // The brotli copy's tag does not validate the identity answer.
      const other = await get(`/assets/${BIG}`, undefined, { 'if-none-match': tags[0] ?? '' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(BIG_JS);
    });

    it('answers HEAD with the headers of the chosen copy and no body', async () => {
      const res = await t.app.inject({
        method: 'HEAD',
        url: `/assets/${BIG}`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(zlib.brotliCompressSync(BIG_JS).length);
      expect(res.rawPayload.length).toBe(0);
    });

    it('counts a range in bytes of the compressed copy it sends', async () => {
      const res = await get(`/assets/${BIG}`, 'gzip', { range: 'bytes=0-9' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-encoding']).toBe('gzip');
      const gz = zlib.gzipSync(BIG_JS);
      expect(res.headers['content-range']).toBe(`bytes 0-9/${gz.length}`);
      expect(res.rawPayload).toEqual(gz.subarray(0, 10));
    });

    it('serves index.html for client routes compressed when it has copies', async () => {
      const html = `<!doctype html><title>Pasteport</title><div id="root"></div>${'<!-- pad -->'.repeat(120)}`;
      const dir = await mkdtemp(path.join(os.tmpdir(), 'pp-dist-'));
      await writeFile(path.join(dir, 'index.html'), html);
      await writeFile(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
      const app = await buildTestApp('sqlite', { webDistDir: dir });
      try {
        for (const url of ['/', '/upload']) {
          const res = await app.app.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': 'br' },
          });
          expect(res.headers['content-encoding'], url).toBe('br');
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.headers.vary).toBe('Accept-Encoding');
          expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
        }
      } finally {
        await app.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});

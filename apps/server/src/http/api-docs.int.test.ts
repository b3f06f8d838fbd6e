import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { API_DOCS_CSP } from './api-docs.js';

/**
 * Every `METHOD path` the app has registered, read from Fastify's route tree (its printout
 * nests each path under the part it shares with others; the pieces join up).
 */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes[depth] = path;
    if (!match[3]) continue;
    for (const method of match[3].split(', ')) {
      // The printout drops the `/` before a wildcard under a route of its own (`/dav`, then
      // `*` for `/dav/*`); Fastify's own lookup settles which route it is.
      const url = [path, path.replace(/(?<!\/)\*$/, '/*')].find((candidate) =>
        app.hasRoute({ method, url: candidate }),
      );
      if (url === undefined) throw new Error(`the route tree shows ${method} ${path}: no route`);
      routes.add(`${method} ${url}`);
    }
  }
  return routes;
}

/** The methods the WebDAV routes answer (modules/webdav/dav.routes.ts). */
const DAV_METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
];

/**
 * The routes deliberately left out of the OpenAPI document, each with the reason. Everything
 * else the server answers must be documented, so a new route cannot ship undescribed.
 */
const NOT_IN_THE_API_DOCUMENT: ReadonlyMap<string, string> = new Map([
  // WebDAV (README: "WebDAV: mounts as a network drive"): its own protocol of XML bodies and WebDAV methods, which
  // OpenAPI cannot describe; clients speak RFC 4918, not this API.
  ...[`/dav`, `/dav/*`].flatMap((url) =>
    DAV_METHODS.map((method) => [`${method} ${url}`, 'WebDAV (RFC 4918)'] as const),
  ),
  // The web app's page: the root answers index.html (client-side routes load it through the
  // not-found handler, which is not a route).
  ['GET /', 'the web app page'],
  ['HEAD /', 'the web app page'],
  // The web build's files (scripts, styles, manifest, config.js) from its dist folder.
  ['GET /*', 'static files of the web build'],
  ['HEAD /*', 'static files of the web build'],
]);

/** Every `METHOD path` the OpenAPI document names, with paths as Fastify writes them. */
function documentedRoutes(document: { paths: Record<string, object> }): Set<string> {
  const routes = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      routes.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return routes;
}

/** A web build of one page, so the app registers its page and static-file routes too. */
async function givenWebBuild(): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'pp-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Pasteport</title>');
  return dist;
}

describe('the API description', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await givenWebBuild();
    t = await buildTestApp('sqlite', { webDistDir: dist });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('documents every registered route but the listed exclusions, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const documented = documentedRoutes(res.json());
    const registered = registeredRoutes(t.app);
    expect(registered.size).toBeGreaterThan(60);

    const missingFromDocument = [...registered].filter(
      (route) =>
        !documented.has(route) &&
        !NOT_IN_THE_API_DOCUMENT.has(route) &&
        // Fastify answers HEAD for a GET by itself unless the route says otherwise.
        !(route.startsWith('HEAD ') && documented.has(route.replace(/^HEAD /, 'GET '))),
    );
    const notRegistered = [...documented].filter((route) => !registered.has(route));
    expect(missingFromDocument).toEqual([]);
    expect(notRegistered).toEqual([]);
    // Every exclusion is a route the server has: a stale one could later hide a new route.
    expect([...NOT_IN_THE_API_DOCUMENT.keys()].filter((route) => !registered.has(route))).toEqual(
      [],
    );
  });

  it('sees a route that is added without an entry (the check above can fail)', async () => {
    const extra = await buildTestApp('sqlite', { webDistDir: dist });
    try {
      extra.app.get('/api/not-in-the-table', { config: { access: 'public' } }, () => ({}));
      extra.app.post('/outside-the-api', () => ({}));
      await extra.app.ready();
      const routes = registeredRoutes(extra.app);
      expect(routes).toContain('GET /api/not-in-the-table');
      expect(routes).toContain('POST /outside-the-api');
      expect(routes).toContain('HEAD /api/storage/local/object');
      expect(routes).toContain('PROPFIND /dav/*');
      expect(routes).toContain('GET /*');
      expect(NOT_IN_THE_API_DOCUMENT.has('POST /outside-the-api')).toBe(false);
    } finally {
      await extra.close();
    }
  });

  it('serves the reference page under its own CSP, and every asset it names loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(API_DOCS_CSP);
    // The CSP allows no inline script: every script has a src on this server.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    const references = [...page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((url) => !url.startsWith('data:'));
    expect(references.sort()).toEqual([
      '/api/docs/init.js',
      '/api/docs/swagger-ui-bundle.js',
      '/api/docs/swagger-ui.css',
    ]);
    for (const url of references) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(
        url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
      expect(asset.body.length, url).toBeGreaterThan(100);
    }
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect(init.body).toContain('validatorUrl: null');
  });

  it('hands out only the renderer files it names', async () => {
    for (const url of ['/api/docs/package.json', '/api/docs/..%2Fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app-harness.js';
import { API_DOCS_CSP } from './api-docs.js';

/**
 * Every `METHOD path` the app has registered under /api, read from Fastify's route tree (its
 * printout nests each path under the part it shares with others; the pieces join up).
 */
function registeredApiRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes[depth] = path;
    if (!path.startsWith('/api/') || !match[3]) continue;
    for (const method of match[3].split(', ')) routes.add(`${method} ${path}`);
  }
  return routes;
}

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

describe('the API description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('documents every registered /api route, and no route that is not registered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const documented = documentedRoutes(res.json());
    const registered = registeredApiRoutes(t.app);
    expect(registered.size).toBeGreaterThan(60);

    const missingFromDocument = [...registered].filter(
      (route) =>
        !documented.has(route) &&
        // Fastify answers HEAD for a GET by itself unless the route says otherwise.
        !(route.startsWith('HEAD ') && documented.has(route.replace(/^HEAD /, 'GET '))),
    );
    const notRegistered = [...documented].filter((route) => !registered.has(route));
    expect(missingFromDocument).toEqual([]);
    expect(notRegistered).toEqual([]);
  });

  it('sees a route that is added without an entry (the check above can fail)', async () => {
    const extra = await buildTestApp('sqlite');
    try {
      extra.app.get('/api/not-in-the-table', { config: { access: 'public' } }, () => ({}));
      await extra.app.ready();
      expect(registeredApiRoutes(extra.app)).toContain('GET /api/not-in-the-table');
      expect(registeredApiRoutes(extra.app)).toContain('HEAD /api/storage/local/object');
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

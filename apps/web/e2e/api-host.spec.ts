import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';
import { REPO_ROOT, startBuiltServer, type RunningServer } from './server.js';
import { submitPassword } from './sign-in.js';

const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const ADMIN = { username: 'apart', password: 'apart-admin-password-0' };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/**
 * A plain static host for the built app, as a CDN would be: files from dist, index.html for
 * client routes, and the one file its operator edits — /config.js — naming the API.
 */
function startStaticHost(configJs: () => string): Promise<Server> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      if (pathname === '/config.js') {
        response.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-cache' });
        response.end(configJs());
        return;
      }
      let file = path.join(DIST, path.normalize(pathname));
      if (!file.startsWith(DIST)) file = path.join(DIST, 'index.html');
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile()) file = path.join(DIST, 'index.html');
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      createReadStream(file).pipe(response);
    })();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const browser = openBrowser();

describe('the web app hosted apart from its API', () => {
  let host: Server;
  let appOrigin: string;
  let api: RunningServer;
  beforeAll(async () => {
    let apiBase = '';
    host = await startStaticHost(
      () => `window.__PASTEPORT_CONFIG__ = { apiBaseUrl: '${apiBase}' };`,
    );
    appOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    // A second server whose CORS_ORIGINS lists the static host (the shared one lists none).
    api = await startBuiltServer({
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CORS_ORIGINS: appOrigin,
    });
    apiBase = `${api.baseUrl}/api`;
    expect(new URL(api.baseUrl).origin).not.toBe(appOrigin);
  });
  afterAll(async () => {
    await api.stop();
    await new Promise((resolve) => host.close(resolve));
  });

  /** A page on the static host recording where its API calls went and what the console said. */
  async function openApp() {
    const page = await browser.newPage({ baseURL: appOrigin });
    const apiCalls: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(request.url());
    });
    page.on('console', (message) => {
      if (/CORS|Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    return { page, apiCalls, problems };
  }

  async function share(page: Page, text: string): Promise<string> {
    await page.goto('/');
    const editor = page.getByRole('textbox', { name: 'Text to share' });
    await editor.click();
    await page.keyboard.insertText(text);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const link = page.getByRole('textbox', { name: 'Share link' });
    await link.waitFor();
    return link.inputValue();
  }

  it('signs the administrator in across origins, and shows the server’s refusal of a wrong password', async () => {
    const { page, apiCalls, problems } = await openApp();
    await submitPassword(page, ADMIN.username, 'not the password');
    await page.getByText('Invalid username or password.').waitFor();

    await submitPassword(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('user-menu').waitFor();
    expect(await page.evaluate(() => window.location.origin)).toBe(appOrigin);
    expect(apiCalls).toContain(`${api.baseUrl}/api/admin/login`);
    expect(apiCalls.every((url) => url.startsWith(`${api.baseUrl}/api/`))).toBe(true);
    expect(problems).toEqual([]);
  });

  it('creates a paste and reads it back, with links on the right hosts', async () => {
    const { page, apiCalls, problems } = await openApp();
    await submitPassword(page, ADMIN.username, ADMIN.password);
    await page.getByTestId('user-menu').waitFor();

    const link = await share(page, '# Across origins\n\nserved apart from its API');
    // The share link is the app's page; the raw link is the API's.
    expect(link).toMatch(new RegExp(`^${appOrigin}/paste/[A-Za-z0-9]{8}$`));
    const slug = link.split('/').pop() ?? '';

    const reader = await openApp();
    await reader.page.goto(link);
    const doc = reader.page.getByTestId('markdown-view');
    await doc.getByRole('heading', { name: 'Across origins' }).waitFor();
    await doc.getByText('served apart from its API').waitFor();
    const raw = reader.page.getByRole('link', { name: 'Raw' });
    expect(await raw.getAttribute('href')).toBe(`${api.baseUrl}/api/raw/${slug}`);
    const rawText = await fetch(`${api.baseUrl}/api/raw/${slug}`).then((r) => r.text());
    expect(rawText).toBe('# Across origins\n\nserved apart from its API');

    for (const calls of [apiCalls, reader.apiCalls]) {
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.every((url) => url.startsWith(`${api.baseUrl}/api/`))).toBe(true);
    }
    expect(apiCalls).toContain(`${api.baseUrl}/api/paste`);
    expect(reader.apiCalls).toContain(`${api.baseUrl}/api/paste/${slug}`);
    expect([...problems, ...reader.problems]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';

const browser = openBrowser();

describe('served app', () => {
  it('serves hashed assets for a year and index.html with revalidation', async () => {
    const page = await browser.newPage();
    const assets: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/assets/')) {
        assets.push({ url: res.url(), cacheControl: res.headers()['cache-control'] });
      }
    });
    const doc = await page.goto('/paste/some-slug');
    expect(doc?.headers()['cache-control']).toBe('no-cache');
    expect(doc?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('page-title').waitFor();
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets)
      expect(asset.cacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('runs without CSP violations or console errors', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto('/');
    await page.getByTestId('page-title').waitFor();
    await page.getByTestId('theme-toggle').click();
    expect(problems).toEqual([]);
  });

  it('reports health and version through the API on the same origin', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const result = await page.evaluate(async () => {
      const [health, version] = await Promise.all([fetch('/api/health'), fetch('/api/version')]);
      return {
        health: (await health.json()) as unknown,
        version: (await version.json()) as unknown,
      };
    });
    expect(result.health).toMatchObject({ code: 200, success: true, data: { status: 'ok' } });
    expect(result.version).toMatchObject({
      data: { name: 'Pasteport', version: '0.7.0', database: 'sqlite' },
    });
  });
});

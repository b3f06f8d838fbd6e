import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi } from './admin-api.js';
import { openBrowser } from './browser.js';
import { expectPageTitle } from './page-title.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/** The chunk each locale file becomes (apps/web/src/lib/i18n/resources.ts). */
const LOCALE_CHUNK = { en: /\/assets\/en-[\w-]+\.js$/, 'zh-CN': /\/assets\/zh-CN-[\w-]+\.js$/ };
/** The part of each locale only the signed-in pages use. */
const ADMIN_LOCALE_CHUNK = {
  en: /\/assets\/en\.admin-[\w-]+\.js$/,
  'zh-CN': /\/assets\/zh-CN\.admin-[\w-]+\.js$/,
};

/** A class of Mantine's Tabs sheet (the Upload page shows tabs) and of its Table sheet (it has none). */
const TABS_CLASS = '.m_89d60db1';
const TABLE_CLASS = '.m_b23fa0ef';

describe('payload of a first visit', () => {
  it('gets the app brotli-compressed with only the shown language, the other on a switch', async () => {
    const page = await browser.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/');
    await expectPageTitle(page, 'Online clipboard');
    await page.waitForLoadState('networkidle');

    const urls = responses.map((r) => r.url());
    expect(urls.filter((url) => LOCALE_CHUNK.en.test(url))).toHaveLength(1);
    expect(urls.filter((url) => LOCALE_CHUNK['zh-CN'].test(url))).toEqual([]);
    expect(urls.filter((url) => ADMIN_LOCALE_CHUNK.en.test(url))).toEqual([]);

    // Every script and style sheet big enough to have compressed copies came as brotli.
    const assets = responses.filter((r) => /\/assets\/[^/]+\.(js|css)$/.test(r.url()));
    expect(assets.length).toBeGreaterThan(3);
    for (const response of assets) {
      const headers = await response.allHeaders();
      expect(headers.vary, response.url()).toBe('Accept-Encoding');
      const size = (await response.request().sizes()).responseBodySize;
      if (size >= 1024) expect(headers['content-encoding'], response.url()).toBe('br');
    }
    const document = responses.find((r) => new URL(r.url()).pathname === '/');
    expect(document && (await document.allHeaders())['content-security-policy']).toContain(
      "script-src 'self'",
    );

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expectPageTitle(page, '在线剪贴板');
    expect(responses.filter((r) => LOCALE_CHUNK['zh-CN'].test(r.url()))).toHaveLength(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });

  it('loads the Upload page without the schema library, with the styles of what it shows', async () => {
    const page = await browser.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto('/upload');
    await expectPageTitle(page, 'Upload files');
    await page.waitForLoadState('networkidle');

    // zod keeps its internals under `_zod`: no script of this first visit may bring it (the
    // schemas load with the first call that validates: src/lib/contract-schemas.ts).
    const scripts = responses.filter((r) => /\/assets\/[^/]+\.js$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(3);
    for (const response of scripts) {
      expect(await response.text(), response.url()).not.toContain('_zod');
    }
    // Each Mantine component brings its own sheet (build/mantine-styles.ts): the tabs' sheet
    // came, the sheet of a component only the admin pages use did not.
    const sheets = responses.filter((r) => /\/assets\/[^/]+\.css$/.test(r.url()));
    const styles = (await Promise.all(sheets.map((r) => r.text()))).join('\n');
    expect(styles).toContain(TABS_CLASS);
    expect(styles).not.toContain(TABLE_CLASS);
  });

  it('opens a paste without the editor, which a reader never uses', async () => {
    const { slug } = await adminApi<{ slug: string }>('POST', '/api/paste', {
      content: '# Read only\n\nA paragraph.',
    });
    const page = await browser.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`/paste/${slug}`);
    await page.getByText('A paragraph.').waitFor();
    await page.waitForLoadState('networkidle');

    // CodeMirror's theme names its content element: no script of the visit may carry it (the
    // edit dialog, and the editor with it, load when an owner first opens it).
    const scripts = responses.filter((r) => /\/assets\/[^/]+\.js$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(3);
    for (const response of scripts) {
      expect(await response.text(), response.url()).not.toContain('.cm-content');
    }
  });

  it("brings the signed-in pages' texts with them, in the language shown and on a switch", async () => {
    const page = await browser.newPage();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await loginAsAdmin(page);
    await page.goto('/admin/settings');
    await page.getByText('System settings').first().waitFor();
    expect(urls.some((url) => ADMIN_LOCALE_CHUNK.en.test(url))).toBe(true);
    expect(urls.filter((url) => ADMIN_LOCALE_CHUNK['zh-CN'].test(url))).toEqual([]);

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByText('系统参数').first().waitFor();
    expect(urls.filter((url) => ADMIN_LOCALE_CHUNK['zh-CN'].test(url))).toHaveLength(1);
    // No key shows bare: every text on the page is a translation.
    expect(await page.locator('body').innerText()).not.toMatch(
      /\b(settings|keys|mountExplorer)\.[a-z]/,
    );
  });

  it('starts in the stored language without downloading the other one', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => window.localStorage.setItem('pasteport.language', 'zh-CN'));
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/');
    await expectPageTitle(page, '在线剪贴板');
    await page.waitForLoadState('networkidle');
    expect(urls.filter((url) => LOCALE_CHUNK['zh-CN'].test(url))).toHaveLength(1);
    expect(urls.filter((url) => LOCALE_CHUNK.en.test(url))).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeContext, axeFindings, settle, storeTheme, type AxeLayout } from './axe.js';
import { openBrowser } from './browser.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

const ADMIN_MODULES = [
  'dashboard',
  'text-management',
  'file-management',
  'storage-config',
  'mount-management',
  'key-management',
  'settings',
];

/** The layouts every route is checked in: both themes on a desktop, and a phone. */
const LAYOUTS: AxeLayout[] = [
  { name: 'light', theme: 'light', context: { viewport: { width: 1280, height: 800 } } },
  { name: 'dark', theme: 'dark', context: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    theme: 'light',
    context: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  },
  {
    name: 'phone dark',
    theme: 'dark',
    context: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  },
];

/** Markdown with the parts that carry their own colours: table, code, quote, link. */
const DOCUMENT = [
  '# Release notes',
  '',
  '| Feature | Status |',
  '| --- | --- |',
  '| Pastes | done |',
  '',
  '> Quoted [link](https://example.com)',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
].join('\n');

interface Shares {
  plain: string;
  locked: string;
  file: string;
}
let shares: Shares;

async function api<T>(path: string, init: RequestInit): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${await adminToken()}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const createPaste = (body: object) =>
  api<{ slug: string }>('/api/paste', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function createFile(): Promise<{ slug: string }> {
  const form = new FormData();
  form.append('file', new Blob([DOCUMENT], { type: 'text/markdown' }), 'notes.md');
  return api<{ slug: string }>('/api/upload', { method: 'POST', body: form });
}

beforeAll(async () => {
  const [plain, locked, file] = await Promise.all([
    createPaste({ content: DOCUMENT }),
    createPaste({ content: DOCUMENT, password: 'open sesame' }),
    createFile(),
  ]);
  shares = { plain: plain.slug, locked: locked.slug, file: file.slug };
});

/** The routes of SPEC §2 a guest can reach, including sign-in and the not-found views. */
const guestRoutes = () => [
  '/',
  '/upload',
  `/paste/${shares.plain}`,
  `/paste/${shares.locked}`,
  `/file/${shares.file}`,
  '/paste/no-such-paste',
  '/file/no-such-file',
  '/mount-explorer',
  '/admin',
  '/no-such-page',
];

/** What differs for the administrator: the admin modules, and pages with owner actions. */
const adminRoutes = () => [
  '/',
  '/upload',
  `/paste/${shares.plain}`,
  `/file/${shares.file}`,
  '/mount-explorer',
  ...ADMIN_MODULES.map((module) => `/admin/${module}`),
];

/** Opens a page in a layout, with the theme chosen the way the header toggle stores it. */
async function openIn(layout: AxeLayout): Promise<Page> {
  const page = await browser.newPage(axeContext(layout));
  await storeTheme(page, layout.theme);
  return page;
}

/** Runs axe on every route in turn, once its title is drawn; the serious and critical findings. */
async function sweep(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.getByTestId('page-title').first().waitFor();
    found.push(...(await axeFindings(page, route)));
  }
  return found;
}

describe.each(LAYOUTS)('axe, $name layout', (layout) => {
  it('finds no serious or critical violation on any page a guest reaches', async () => {
    const page = await openIn(layout);
    const found = await sweep(page, guestRoutes());
    expect(found, found.join('\n')).toEqual([]);
  });

  it('finds no serious or critical violation on any page the administrator reaches', async () => {
    const page = await openIn(layout);
    await loginAsAdmin(page);
    const found = await sweep(page, adminRoutes());
    expect(found, found.join('\n')).toEqual([]);
  });
});

/** Failed API answers and console errors while a page loads and settles. */
async function failuresWhileLoading(page: Page, route: string): Promise<string[]> {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  await page.goto(route);
  await page.getByTestId('page-title').first().waitFor();
  await settle(page);
  return failures;
}

describe('pages only call what the visitor may use', () => {
  it('a guest on /upload gets no 401 (nor any failed call) while guest uploads are off', async () => {
    const page = await browser.newPage();
    expect(await failuresWhileLoading(page, '/upload')).toEqual([]);
    expect(await page.getByTestId('access-notice').textContent()).toContain('Sign in to upload');
  });

  it('a key with only the text permission sees Home alone and is told why it cannot upload', async () => {
    const key = await api<{ key: string }>('/api/admin/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `e2e-text-${Date.now()}`,
        expires_at: null,
        text_permission: true,
        file_permission: false,
        mount_permission: false,
      }),
    });
    const page = await browser.newPage();
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'API key' }).click();
    await page.locator('input[name="api-key"]').fill(key.key);
    await page.locator('input[name="api-key"]').press('Enter');
    await page.getByTestId('user-menu').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Admin']);
    expect(await failuresWhileLoading(page, '/upload')).toEqual([]);
    expect(await page.getByTestId('access-notice').textContent()).toContain(
      'This key has no file permission',
    );
  });
});

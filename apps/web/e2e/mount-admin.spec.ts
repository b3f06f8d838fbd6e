import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { run as axeRun, AxeResults, ImpactValue } from 'axe-core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser, WAIT_MS } from './browser.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/** axe-core's browser bundle, injected into the page as an inline script. */
const axeSource = await readFile(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** UX.md: no serious (or worse) axe violation on any screen. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

interface Mount {
  id: string;
  name: string;
  mount_path: string;
  is_active: boolean;
}

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const defaultStorageId = async () =>
  (await api<{ id: string; is_default: boolean }[]>('GET', '/api/s3-configs')).find(
    (config) => config.is_default,
  )!.id;

const mountsAt = async (path: string) =>
  (await api<Mount[]>('GET', '/api/admin/mounts')).filter(
    (mount) => mount.mount_path.toLowerCase() === path.toLowerCase(),
  );

const pathField = (page: Page) => page.getByRole('textbox', { name: /^Mount path/ });

describe('mount management', () => {
  it('creates, refuses bad and taken paths, deactivates and deletes a mount', async () => {
    const tag = `e2e${Date.now()}`;
    const path = `/${tag}`;
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/admin/mount-management');

    // Create on the default local storage, which the form picks by itself.
    await page.getByRole('button', { name: 'New mount point' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New mount point' });
    await dialog.waitFor();
    const storageId = await defaultStorageId();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: /^Storage/ }).inputValue(), {
        timeout: WAIT_MS,
      })
      .toBe(storageId);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Mount ${tag}`);
    await pathField(page).fill(path);
    await dialog.getByRole('button', { name: 'Create mount point' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator(`[data-testid="mount-row"][data-mount-path="${path}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`Mount ${tag}`);
    expect(await row.textContent()).toContain('Active');
    expect(await mountsAt(path)).toHaveLength(1);

    // A reserved path is explained as it is typed; a taken one by the server, on the field.
    await page.getByRole('button', { name: 'New mount point' }).click();
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Copy ${tag}`);
    await pathField(page).fill('/api/x');
    await dialog.getByText('/api is reserved by the system. Choose another path.').waitFor();
    expect(await pathField(page).getAttribute('aria-invalid')).toBe('true');
    await pathField(page).fill(path.toUpperCase());
    await dialog
      .getByText('/api is reserved by the system. Choose another path.')
      .waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create mount point' }).click();
    await dialog
      .getByText(
        'Another mount point already uses this path (capital letters do not count). Choose another path.',
      )
      .waitFor();
    expect(await pathField(page).getAttribute('aria-invalid')).toBe('true');
    expect(await mountsAt(path)).toHaveLength(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Deactivate from the row menu.
    await row.getByRole('button', { name: `Actions for Mount ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect((await mountsAt(path))[0]?.is_active).toBe(false);

    // Delete, after a confirmation that says the files stay.
    await row.getByRole('button', { name: `Actions for Mount ${tag}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete mount point' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('The files are not deleted');
    await confirm.getByRole('button', { name: 'Delete mount point' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await mountsAt(path)).toHaveLength(0);
  });
});

/** The layouts the module is checked in: both themes on a desktop, and a 375 px phone. */
const LAYOUTS: { name: string; theme: 'light' | 'dark'; context: BrowserContextOptions }[] = [
  { name: 'light', theme: 'light', context: { viewport: { width: 1280, height: 800 } } },
  { name: 'dark', theme: 'dark', context: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    theme: 'light',
    context: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  },
];

/** Waits until nothing is loading or moving (colours are measured mid-transition otherwise). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The serious and critical axe findings on the page as it is now, one line per node. */
async function axeFindings(page: Page, where: string): Promise<string[]> {
  await settle(page);
  await page.addScriptTag({ content: axeSource });
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: { run: typeof axeRun } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? 'minor'))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where} [${violation.id}, ${violation.impact}] ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}

describe.each(LAYOUTS)('mount management, $name layout', (layout) => {
  it('has no serious or critical axe violation in the list and the form', async () => {
    const tag = `axe${layout.name.replace(/\W/g, '')}${Date.now()}`;
    await api('POST', '/api/admin/mounts', {
      name: `Read-only ${tag} with a long name`,
      mount_path: `/${tag}/a-rather-long-folder-name`,
      storage_config_id: await defaultStorageId(),
      remark: 'A remark long enough to need truncating in the narrowest layouts',
      read_only: true,
      cache_ttl: 0,
    });
    // The app's CSP (script-src 'self') would refuse the inline axe script; only the test needs it.
    const page = await browser.newPage({ ...layout.context, bypassCSP: true });
    await page.addInitScript((theme) => {
      localStorage.setItem('pasteport.theme', theme);
    }, layout.theme);
    await loginAsAdmin(page);
    await page.goto('/admin/mount-management');
    await page.locator(`[data-testid="mount-row"][data-mount-path^="/${tag}/"]`).waitFor();
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(layout.theme);

    const found = await axeFindings(page, 'list');
    if (layout.name === 'phone') {
      expect(await page.locator('table').count(), 'a phone shows cards').toBe(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'the module scrolls sideways').toBeLessThanOrEqual(0);
    }

    await page.getByRole('button', { name: 'New mount point' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mount point' });
    await dialog.waitFor();
    await pathField(page).fill('/api/x');
    await dialog.getByText('/api is reserved by the system. Choose another path.').waitFor();
    found.push(...(await axeFindings(page, 'form')));
    expect(found, found.join('\n')).toEqual([]);
  });
});

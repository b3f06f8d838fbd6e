import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, defaultStorageId } from './admin-api.js';
import { AXE_LAYOUTS, axeContext, axeFindings, storeTheme } from './axe.js';
import { openBrowser, WAIT_MS } from './browser.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

interface Mount {
  id: string;
  name: string;
  mount_path: string;
  is_active: boolean;
}

const mountsAt = async (path: string) =>
  (await adminApi<Mount[]>('GET', '/api/admin/mounts')).filter(
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
describe.each(AXE_LAYOUTS)('mount management, $name layout', (layout) => {
  it('has no serious or critical axe violation in the list and the form', async () => {
    const tag = `axe${layout.name.replace(/\W/g, '')}${Date.now()}`;
    await adminApi('POST', '/api/admin/mounts', {
      name: `Read-only ${tag} with a long name`,
      mount_path: `/${tag}/a-rather-long-folder-name`,
      storage_config_id: await defaultStorageId(),
      remark: 'A remark long enough to need truncating in the narrowest layouts',
      read_only: true,
      cache_ttl: 0,
    });
    const page = await browser.newPage(axeContext(layout));
    await storeTheme(page, layout.theme);
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

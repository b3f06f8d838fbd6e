import type { Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, WAIT_MS } from './browser.js';
import { adminApi, putMountFile } from './admin-api.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/** A tag that keeps this file's mount paths and storage apart from every other spec's. */
const TAG = `ex${Date.now()}`;

beforeAll(async () => {
  // A storage of this file's own: the default storage's root holds every other spec's files,
  // and a long listing would scroll this file's entries out of the rendered window.
  const root = path.join(inject('dataDir'), `storage-${TAG}`);
  await mkdir(root, { recursive: true });
  const storage = await adminApi<{ id: string }>('POST', '/api/s3-configs', {
    name: `${TAG} disk`,
    provider_type: 'local',
    root_path: root,
    // The key of the last test may browse this storage.
    allow_api_keys: true,
  });
  for (const name of ['docs', 'media']) {
    await adminApi('POST', '/api/admin/mounts', {
      name: `${TAG} ${name}`,
      mount_path: `/${TAG}/${name}`,
      storage_config_id: storage.id,
      cache_ttl: 0,
    });
  }
  await putMountFile(`/${TAG}/docs`, 'plan.md', '# Plan');
  await putMountFile(`/${TAG}/docs/reports`, 'q1.txt', 'first quarter');
});

const listing = (page: Page) => page.getByRole('list', { name: 'Folder contents' });
const row = (page: Page, name: string) =>
  listing(page).getByRole('listitem').filter({ hasText: name });

describe('mount explorer', () => {
  it('walks from the root into a nested mount and back with the browser buttons', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/mount-explorer');
    await listing(page).getByRole('link', { name: TAG }).click();
    await listing(page).getByRole('link', { name: 'docs' }).click();
    await page.waitForURL(`**/mount-explorer/${TAG}/docs`);
    await listing(page).getByRole('link', { name: 'reports' }).click();
    await row(page, 'q1.txt').waitFor();
    await page.goBack();
    await page.waitForURL(`**/mount-explorer/${TAG}/docs`);
    await row(page, 'plan.md').waitFor();
    await page.goForward();
    await row(page, 'q1.txt').waitFor();

    // A file opens in the panel named by the URL; a copied URL opens the same place.
    await listing(page)
      .getByRole('link', { name: /q1\.txt/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'q1.txt' });
    await panel.getByText(`/${TAG}/docs/reports/q1.txt`).waitFor();
    expect(new URL(page.url()).search).toBe('?preview=q1.txt');
    const again = await browser.newPage();
    await loginAsAdmin(again);
    await again.goto(page.url());
    await again.getByRole('dialog', { name: 'q1.txt' }).waitFor();
  });

  it('creates, renames and deletes a folder', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer/${TAG}/media`);
    await page.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder' });
    await create.getByRole('textbox', { name: 'Name' }).fill('Drafts 2026');
    await create.getByRole('button', { name: 'Create' }).click();
    await row(page, 'Drafts 2026').waitFor();

    await page.getByRole('checkbox', { name: 'Select “Drafts 2026”' }).check();
    await page
      .getByRole('region', { name: 'Selection' })
      .getByRole('button', { name: 'Rename' })
      .click();
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Archive');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText(/Moving the folder to “Archive” in the background/).waitFor();
    // The move is a task: refresh until it has landed.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return `${await row(page, 'Archive').count()}/${await row(page, 'Drafts').count()}`;
        },
        { timeout: WAIT_MS, interval: 200 },
      )
      .toBe('1/0');

    await page.getByRole('checkbox', { name: 'Select “Archive”' }).check();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete 1 item?' });
    await confirm.getByText('Archive/').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 item deleted.').waitFor();
    await row(page, 'Archive').waitFor({ state: 'detached' });
  });

  it('keeps an API key below its basic path: redirects, listings and search', async () => {
    const key = await adminApi<{ key: string }>('POST', '/api/admin/api-keys', {
      name: `${TAG} reader`,
      expires_at: null,
      text_permission: false,
      file_permission: false,
      mount_permission: true,
      basic_path: `/${TAG}/docs`,
    });
    // The docs and media mounts show one storage: the same file is under both.
    const needle = `${TAG}-needle`;
    await putMountFile(`/${TAG}/docs`, `${needle}.txt`, 'found');
    type Hits = { results: { path: string }[] };
    const search = `/api/fs/search?q=${encodeURIComponent(needle)}&scope=global`;
    await expect
      .poll(
        async () => (await adminApi<Hits>('GET', search)).results.map((hit) => hit.path).sort(),
        {
          timeout: WAIT_MS,
        },
      )
      .toEqual([`/${TAG}/docs/${needle}.txt`, `/${TAG}/media/${needle}.txt`]);

    const page = await browser.newPage();
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'API key' }).click();
    await page.locator('input[name="api-key"]').fill(key.key);
    await page.locator('input[name="api-key"]').press('Enter');
    await page.getByTestId('user-menu').waitFor();
    await page.goto('/mount-explorer');
    await page.waitForURL(`**/mount-explorer/${TAG}/docs`);
    await row(page, 'plan.md').waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Folder path' });
    expect(await crumbs.getByRole('link').count()).toBe(0);
    // A sibling, an ancestor, and a sibling whose name merely starts like the basic path.
    for (const outside of [`${TAG}/media`, TAG, `${TAG}/docs-old`, `${TAG}/media/reports`]) {
      await page.goto(`/mount-explorer/${outside}`);
      await page.waitForURL(`**/mount-explorer/${TAG}/docs`);
      await row(page, 'plan.md').waitFor();
    }

    // Above the basic path the key sees only the way down: no other mount's name.
    const asKey = async (folder: string) => {
      const res = await fetch(
        `${inject('baseUrl')}/api/fs/list?path=${encodeURIComponent(folder)}`,
        {
          headers: { authorization: `ApiKey ${key.key}` },
        },
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { items: { name: string }[] } };
      return body.data.items.map((item) => item.name);
    };
    expect(await asKey('/')).toEqual([TAG]);
    expect(await asKey(`/${TAG}`)).toEqual(['docs']);

    // The search finds the file under the basic path only, never under the sibling mount.
    await page.keyboard.press('ControlOrMeta+K');
    const dialog = page.getByRole('dialog', { name: 'Search files and folders' });
    await dialog.locator('label', { hasText: 'All mounts' }).click();
    await dialog.getByRole('combobox', { name: 'Name contains' }).fill(needle);
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    await results
      .getByRole('option')
      .filter({ hasText: `${TAG} docs` })
      .waitFor();
    await dialog.getByText('Showing 1 of 1 match').waitFor();
    expect(
      await results
        .getByRole('option')
        .filter({ hasText: `${TAG} media` })
        .count(),
    ).toBe(0);
  });
});

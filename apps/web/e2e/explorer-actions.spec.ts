import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3ConfigBody } from '../../server/test/s3-server.js';
import { readZipWithPython } from '../../server/test/zip-reader.js';
import { adminApi, defaultStorageId, putMountFile } from './admin-api.js';
import { AXE_LAYOUTS, axeContext, axeFindings, storeTheme } from './axe.js';
import { openBrowser, WAIT_MS } from './browser.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/** Keeps this file's mounts apart from other specs'. */
const TAG = `ac${Date.now()}`;
const DISK = `/${TAG}/disk`;
const CLOUD = `/${TAG}/cloud`;
const FROZEN = `/${TAG}/frozen`;

const listNames = async (folder: string) =>
  (
    await adminApi<{ items: { name: string }[] }>(
      'GET',
      `/api/fs/list?path=${encodeURIComponent(folder)}`,
    )
  ).items.map((item) => item.name);

beforeAll(async () => {
  const disk = await defaultStorageId();
  const cloud = await adminApi<{ id: string }>(
    'POST',
    '/api/s3-configs',
    s3ConfigBody(inject('s3'), `${TAG} s3`, `e2e/${randomUUID()}`),
  );
  const mount = (mountPath: string, storage: string, extra: object = {}) =>
    adminApi('POST', '/api/admin/mounts', {
      name: `${TAG}${mountPath.replaceAll('/', ' ')}`,
      mount_path: mountPath,
      storage_config_id: storage,
      cache_ttl: 0,
      ...extra,
    });
  await mount(DISK, disk);
  await mount(CLOUD, cloud.id);
  await mount(FROZEN, disk, { read_only: true });
  await putMountFile(`${DISK}/${TAG}`, 'alpha-report.txt', 'alpha');
  await putMountFile(`${DISK}/${TAG}`, 'beta-notes.txt', 'beta');
  await putMountFile(`${DISK}/${TAG}/inner`, 'gamma-report.txt', 'gamma');
  await adminApi('POST', '/api/fs/mkdir', { path: `${CLOUD}/inbox` });
});

const listing = (page: Page) => page.getByRole('list', { name: 'Folder contents' });
const row = (page: Page, name: string) =>
  listing(page).getByRole('listitem').filter({ hasText: name });
const menu = (page: Page) => page.getByRole('menu');

describe('explorer actions', () => {
  it('copies a file from local disk to the S3 mount through the folder picker, as a task', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${DISK}/${TAG}`);
    await row(page, 'alpha-report.txt').click({ button: 'right' });
    await menu(page).getByRole('menuitem', { name: 'Copy to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Copy “alpha-report.txt” to…' });
    // It opens in the current folder: up to the tag's folder by the breadcrumbs.
    await picker
      .getByRole('navigation', { name: 'Folder path' })
      .getByRole('button', { name: TAG })
      .first()
      .click();
    await picker.getByRole('button', { name: 'Open folder “cloud”' }).click();
    await picker.getByRole('button', { name: 'Open folder “inbox”' }).click();
    await picker.getByRole('button', { name: 'Copy here' }).click();
    await page.getByText(/Copying “alpha-report.txt” to “inbox” continues as a task/).waitFor();
    // The task ends (read through the API, so a failure says why), then the file is there.
    type Task = { id: string; type: string; status: string };
    const copyTask = async () =>
      (await adminApi<{ items: Task[] }>('GET', '/api/tasks')).items.find((t) => t.type === 'copy');
    await expect
      .poll(async () => (await copyTask())?.status, { timeout: WAIT_MS, interval: 200 })
      .toMatch(/^(completed|failed|partial|cancelled)$/);
    const task = (await copyTask())!;
    const detail = await adminApi<Task & { items: { status: string; error: string | null }[] }>(
      'GET',
      `/api/tasks/${task.id}`,
    );
    expect(detail.status, JSON.stringify(detail.items)).toBe('completed');
    expect(await listNames(`${CLOUD}/inbox`)).toEqual(['alpha-report.txt']);
    // The task manager shows it finished.
    await page.getByRole('button', { name: /Tasks/ }).click();
    await page
      .getByRole('dialog', { name: /Tasks/ })
      .getByText(/Completed/)
      .first()
      .waitFor();
  });

  it('moves a file into a sibling folder through the folder picker', async () => {
    await putMountFile(`${DISK}/${TAG}/moves`, 'move-me.txt', 'moving');
    await adminApi('POST', '/api/fs/mkdir', { path: `${DISK}/${TAG}/moves/target` });
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${DISK}/${TAG}/moves`);
    await row(page, 'move-me.txt').click({ button: 'right' });
    await menu(page).getByRole('menuitem', { name: 'Move to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Move “move-me.txt” to…' });
    // The folder it is in is refused, with the reason.
    await picker.getByText('The items are already in this folder.').waitFor();
    await picker.getByRole('button', { name: 'Open folder “target”' }).click();
    await picker.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('“move-me.txt” moved to “target”.').waitFor();
    await row(page, 'move-me.txt').waitFor({ state: 'detached' });
    expect(await listNames(`${DISK}/${TAG}/moves/target`)).toEqual(['move-me.txt']);
  });

  it('packs a basket of a file and a folder into a ZIP', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${DISK}/${TAG}`);
    await page.getByRole('checkbox', { name: 'Select “beta-notes.txt”' }).check();
    await page.getByRole('checkbox', { name: 'Select “inner”' }).check();
    await page
      .getByRole('region', { name: 'Selection' })
      .getByRole('button', { name: 'Add to basket' })
      .click();
    await page.getByText('Added 2 items to the basket.').waitFor();
    // The basket outlives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Basket: 2 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Basket' });
    const downloading = page.waitForEvent('download', { timeout: WAIT_MS });
    await drawer.getByRole('button', { name: 'Download ZIP' }).click();
    const download = await downloading;
    const saved = path.join(await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-zip-')), 'basket.zip');
    await download.saveAs(saved);
    const zip = readZipWithPython(saved);
    expect(zip.bad).toBeNull();
    const files = zip.entries
      .filter((entry) => !entry.dir)
      .map((entry) => [entry.name, entry.size])
      .sort();
    expect(files).toEqual([
      ['beta-notes.txt', 4],
      ['inner/gamma-report.txt', 5],
    ]);
  });

  it('searches everywhere, in this mount and in this folder', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${DISK}/${TAG}/inner`);
    await row(page, 'gamma-report.txt').waitFor();
    await page.keyboard.press('ControlOrMeta+K');
    const dialog = page.getByRole('dialog', { name: 'Search files and folders' });
    const results = dialog.getByRole('listbox', { name: 'Search results' });
    const names = async () => (await results.getByRole('option').allTextContents()).join('\n');
    await dialog.getByRole('combobox', { name: 'Name contains' }).fill('r');
    await dialog.getByText('Type at least 2 characters to search.').waitFor();
    await dialog.getByRole('combobox', { name: 'Name contains' }).fill(`report`);

    // Each scope's answer replaces the last one's: wait for what tells them apart.
    const showing = (wanted: RegExp[], unwanted: RegExp[]) =>
      expect
        .poll(
          async () => {
            const text = await names();
            return wanted.every((re) => re.test(text)) && !unwanted.some((re) => re.test(text));
          },
          { timeout: WAIT_MS },
        )
        .toBe(true);
    const onCloud = new RegExp(`${TAG} cloud`);
    // All mounts: the disk's two reports and the copy on S3 the first test made.
    await dialog.locator('label', { hasText: 'All mounts' }).click();
    await showing([/alpha-report\.txt/, /gamma-report\.txt/, onCloud], []);
    await dialog.locator('label', { hasText: 'This mount' }).click();
    await showing([/alpha-report\.txt/, /gamma-report\.txt/], [onCloud]);
    await dialog.locator('label', { hasText: 'This folder and below' }).click();
    await showing([/gamma-report\.txt/], [/alpha-report/, onCloud]);

    // Enter opens the file's preview.
    await dialog.getByRole('combobox', { name: 'Name contains' }).press('ArrowDown');
    await dialog.getByRole('combobox', { name: 'Name contains' }).press('Enter');
    await page.waitForURL(/\?preview=gamma-report\.txt$/);
    await page.getByRole('dialog', { name: 'gamma-report.txt' }).waitFor();
  });

  it('offers no write in a read-only mount', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${FROZEN}/${TAG}`);
    await row(page, 'beta-notes.txt').waitFor();
    expect(await page.getByRole('button', { name: 'Upload' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New folder' }).count()).toBe(0);
    await row(page, 'beta-notes.txt').click({ button: 'right' });
    await menu(page).getByRole('menuitem', { name: 'Copy to…' }).waitFor();
    for (const write of ['Rename…', 'Move to…', 'Delete…']) {
      expect(await menu(page).getByRole('menuitem', { name: write }).count()).toBe(0);
    }
  });

  it('opens the menu with a long press on a phone', async () => {
    const page = await browser.newPage({
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${DISK}/${TAG}`);
    const link = listing(page).getByRole('link', { name: /beta-notes\.txt/ });
    await link.waitFor();
    const box = (await link.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const session = await page.context().newCDPSession(page);
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: at.x, y: at.y }],
    });
    // Held still (a 4 px wobble is within the 10 px tolerance) until the menu opens.
    await session.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: at.x + 4, y: at.y }],
    });
    await menu(page).getByRole('menuitem', { name: 'Properties' }).waitFor();
    // Lifting the finger leaves the menu open (the press's click is not an outside click).
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await menu(page).getByRole('menuitem', { name: 'Properties' }).tap();
    await page.getByRole('dialog', { name: 'Properties of “beta-notes.txt”' }).waitFor();
    // The long press opened the menu, not the file.
    expect(new URL(page.url()).search).toBe('');
    // No horizontal overflow at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

describe.each(AXE_LAYOUTS)('axe on the explorer with content, $name', (layout) => {
  it('finds no serious or critical violation in the list, the menu, and the grid with the preview', async () => {
    const page = await browser.newPage(axeContext(layout));
    await storeTheme(page, layout.theme);
    await loginAsAdmin(page);
    const found: string[] = [];
    await page.goto(`/mount-explorer${DISK}/${TAG}`);
    await row(page, 'beta-notes.txt').waitFor();
    await page.getByRole('checkbox', { name: 'Select “beta-notes.txt”' }).check();
    found.push(...(await axeFindings(page, 'list')));
    await row(page, 'beta-notes.txt').click({ button: 'right' });
    await menu(page).waitFor();
    found.push(...(await axeFindings(page, 'menu')));
    await page.keyboard.press('Escape');
    // How to connect over WebDAV: a toolbar button, or on a phone an entry of the More menu.
    const webDav = page.getByRole('button', { name: 'WebDAV', exact: true });
    if (await webDav.isVisible()) await webDav.click();
    else {
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'WebDAV' }).click();
      // The menu fades out: checked while still there, it is a menu without its items.
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    const connect = page.getByRole('dialog', { name: 'Connect with WebDAV' });
    const address = connect.getByRole('textbox', { name: 'WebDAV address' });
    expect(await address.inputValue()).toMatch(new RegExp(`/dav${DISK}/${TAG}/$`));
    found.push(...(await axeFindings(page, 'WebDAV dialog')));
    await page.keyboard.press('Escape');
    await connect.waitFor({ state: 'detached' });
    await page.evaluate(() => localStorage.setItem('pasteport.explorer.view', 'grid'));
    await page.goto(`/mount-explorer${DISK}/${TAG}?preview=beta-notes.txt`);
    await page
      .getByRole('dialog', { name: 'beta-notes.txt' })
      .getByText('beta', { exact: true })
      .waitFor();
    found.push(...(await axeFindings(page, 'grid and preview')));
    expect(found, found.join('\n')).toEqual([]);
  });
});

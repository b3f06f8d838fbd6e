import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request, Route } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3ConfigBody } from '../../server/test/s3-server.js';
import { readZipWithPython } from '../../server/test/zip-reader.js';
import { adminApi, adminDownload, putMountFile } from './admin-api.js';
import { openBrowser, WAIT_MS } from './browser.js';
import { loginAsAdmin } from './sign-in.js';

/*
 * The mount explorer on the S3-compatible test server: the same journeys as on local disk, with
 * the parts of large files and every preview going between the browser and the bucket directly
 * (presigned URLs, so the bucket's CORS rule is in play).
 */

const browser = openBrowser();
const MiB = 1024 * 1024;

/** Keeps this file's mount apart from other specs' (its storage has a folder of its own too). */
const TAG = `s3x${Date.now()}`;
const CLOUD = `/${TAG}/cloud`;

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const listNames = async (folder: string) =>
  (
    await adminApi<{ items: { name: string }[] }>(
      'GET',
      `/api/fs/list?path=${encodeURIComponent(folder)}`,
    )
  ).items.map((item) => item.name);
const download = (file: string) =>
  adminDownload(`/api/fs/download?path=${encodeURIComponent(file)}`);

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  // Its own folder of the bucket: the mount shows the storage from its root.
  const storage = await adminApi<{ id: string }>(
    'POST',
    '/api/s3-configs',
    s3ConfigBody(inject('s3'), `${TAG} s3`, `e2e/${randomUUID()}`),
  );
  await adminApi('POST', '/api/admin/mounts', {
    name: `${TAG} cloud`,
    mount_path: CLOUD,
    storage_config_id: storage.id,
    cache_ttl: 0,
  });
});

const listing = (page: Page) => page.getByRole('list', { name: 'Folder contents' });
const row = (page: Page, name: string | RegExp) =>
  listing(page).getByRole('listitem').filter({ hasText: name });
const uploadsPanel = (page: Page) => page.getByRole('region', { name: 'Uploads' });
const menu = (page: Page) => page.getByRole('menu');

/** A part of a multipart upload sent to the bucket (a presigned PUT with a part number). */
const isPartPut = (request: Request) => {
  const url = new URL(request.url());
  return (
    request.method() === 'PUT' &&
    url.origin === inject('s3').endpoint &&
    url.searchParams.has('partNumber')
  );
};
const partNumberOf = (request: Request) =>
  Number(new URL(request.url()).searchParams.get('partNumber'));

describe('the explorer on an S3 mount', () => {
  it('browses from the root into the S3 mount and uploads a folder, keeping its tree', async () => {
    await adminApi('POST', '/api/fs/mkdir', { path: `${CLOUD}/folders` });
    const local = await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-s3-folder-'));
    await mkdir(path.join(local, 'album', 'sub'), { recursive: true });
    await writeFile(path.join(local, 'album', 'a.txt'), 'first');
    await writeFile(path.join(local, 'album', 'sub', 'b.txt'), 'second');

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/mount-explorer');
    await listing(page).getByRole('link', { name: TAG }).click();
    await listing(page).getByRole('link', { name: 'cloud' }).click();
    await page.waitForURL(`**/mount-explorer${CLOUD}`);
    await listing(page).getByRole('link', { name: 'folders' }).click();
    await page.waitForURL(`**/mount-explorer${CLOUD}/folders`);
    await page.getByText('This folder is empty').waitFor();
    await page.goBack();
    await row(page, 'folders').waitFor();
    await page.goForward();
    await page.getByText('This folder is empty').waitFor();

    await page.getByTestId('explorer-upload-folder').setInputFiles(path.join(local, 'album'));
    await row(page, 'album').waitFor();
    await uploadsPanel(page).getByText('Uploaded').nth(1).waitFor();
    expect(await listNames(`${CLOUD}/folders/album`)).toEqual(['sub', 'a.txt']);
    expect((await download(`${CLOUD}/folders/album/sub/b.txt`)).toString('utf8')).toBe('second');
  });

  it('sends a 12 MB file in parts straight to the bucket and, after a reload mid-upload, resumes without resending', async () => {
    const local = await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-s3-big-'));
    const data = randomBytes(12 * MiB);
    const file = path.join(local, 'big.bin');
    await writeFile(file, data);
    await adminApi('POST', '/api/fs/mkdir', { path: `${CLOUD}/big` });

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${CLOUD}/big`);
    await page.getByText('This folder is empty').waitFor();

    // The first part goes through to the bucket; the others are held, so the page reloads
    // mid-upload. (While requests are intercepted the browser's CORS preflights are answered
    // by the test driver: the resume below runs without interception, against the bucket's
    // own CORS rule.)
    let passed = 0;
    const held: Route[] = [];
    await page.route(
      (url) => url.origin === inject('s3').endpoint && url.searchParams.has('partNumber'),
      async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        passed += 1;
        if (passed === 1) return route.continue();
        held.push(route);
      },
    );
    const firstPart = page.waitForResponse((response) => isPartPut(response.request()), {
      timeout: WAIT_MS,
    });
    await page.getByTestId('explorer-upload-files').setInputFiles(file);
    const first = await firstPart;
    expect(first.status()).toBe(200);
    await expect.poll(() => held.length, { timeout: WAIT_MS }).toBe(2);
    const heldParts = held.map((route) => partNumberOf(route.request())).sort((a, b) => a - b);
    expect([partNumberOf(first.request()), ...heldParts].sort((a, b) => a - b)).toEqual([1, 2, 3]);
    // The saved progress holds the stored part once its answer is read.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Object.keys(localStorage).some(
              (key) =>
                key.includes('big.bin') &&
                (localStorage.getItem(key) ?? '').includes('"partNumber":'),
            ),
          ),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    await page.reload();
    // The held requests died with the page they belonged to.
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await page.unrouteAll();
    const sentAfterReload: number[] = [];
    page.on('request', (request) => {
      if (isPartPut(request)) sentAfterReload.push(partNumberOf(request));
    });
    const interrupted = page.getByText(/1 file of an earlier upload did not finish/);
    await interrupted.waitFor();
    await page.getByTestId('explorer-upload-files').setInputFiles(file);
    await row(page, 'big.bin').waitFor();
    await uploadsPanel(page).getByText('Uploaded').waitFor();
    await interrupted.waitFor({ state: 'detached' });
    // Only the two parts that never reached the bucket went again.
    expect(sentAfterReload.sort((a, b) => a - b)).toEqual(heldParts);

    const stored = await download(`${CLOUD}/big/big.bin`);
    expect(stored.length).toBe(data.length);
    expect(sha(stored)).toBe(sha(data));
  });

  it('renames a folder, moves a file and deletes with a confirmation', async () => {
    const folder = `${CLOUD}/writes`;
    await putMountFile(`${folder}/Drafts`, 'draft.txt', 'draft');
    await putMountFile(folder, 'move-me.txt', 'moving');
    await putMountFile(folder, 'delete-me.txt', 'going');
    await adminApi('POST', '/api/fs/mkdir', { path: `${folder}/target` });

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${folder}`);

    // Rename: a folder on S3 is its keys, so it moves as a task.
    await page.getByRole('checkbox', { name: 'Select “Drafts”' }).check();
    await page
      .getByRole('region', { name: 'Selection' })
      .getByRole('button', { name: 'Rename' })
      .click();
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Archive');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText(/Moving the folder to “Archive” in the background/).waitFor();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return `${await row(page, 'Archive').count()}/${await row(page, 'Drafts').count()}`;
        },
        { timeout: WAIT_MS, interval: 200 },
      )
      .toBe('1/0');
    expect((await download(`${folder}/Archive/draft.txt`)).toString('utf8')).toBe('draft');

    // Move a file into the sibling folder through the folder picker.
    await row(page, 'move-me.txt').click({ button: 'right' });
    await menu(page).getByRole('menuitem', { name: 'Move to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Move “move-me.txt” to…' });
    await picker.getByRole('button', { name: 'Open folder “target”' }).click();
    await picker.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('“move-me.txt” moved to “target”.').waitFor();
    await row(page, 'move-me.txt').waitFor({ state: 'detached' });
    expect(await listNames(`${folder}/target`)).toEqual(['move-me.txt']);
    expect((await download(`${folder}/target/move-me.txt`)).toString('utf8')).toBe('moving');

    // Delete, after a confirmation naming what goes.
    await page.getByRole('checkbox', { name: 'Select “delete-me.txt”' }).check();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete 1 item?' });
    await confirm.getByText('delete-me.txt').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 item deleted.').waitFor();
    await row(page, 'delete-me.txt').waitFor({ state: 'detached' });
    expect((await listNames(folder)).sort()).toEqual(['Archive', 'target']);
  });

  it('packs a basket of a file and a folder on S3 into a ZIP', async () => {
    const folder = `${CLOUD}/basket`;
    await putMountFile(folder, 'beta-notes.txt', 'beta');
    await putMountFile(`${folder}/inner`, 'gamma-report.txt', 'gamma');

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${folder}`);
    await page.getByRole('checkbox', { name: 'Select “beta-notes.txt”' }).check();
    await page.getByRole('checkbox', { name: 'Select “inner”' }).check();
    await page
      .getByRole('region', { name: 'Selection' })
      .getByRole('button', { name: 'Add to basket' })
      .click();
    await page.getByText('Added 2 items to the basket.').waitFor();
    await page.getByRole('button', { name: 'Basket: 2 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Basket' });
    const downloading = page.waitForEvent('download', { timeout: WAIT_MS });
    await drawer.getByRole('button', { name: 'Download ZIP' }).click();
    const saved = path.join(await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-s3-zip-')), 'b.zip');
    await (await downloading).saveAs(saved);
    const zip = readZipWithPython(saved);
    expect(zip.bad).toBeNull();
    const files = zip.entries
      .filter((entry) => !entry.dir)
      .map((entry) => [entry.name, entry.size, entry.sha256])
      .sort();
    expect(files).toEqual([
      ['beta-notes.txt', 4, sha(Buffer.from('beta'))],
      ['inner/gamma-report.txt', 5, sha(Buffer.from('gamma'))],
    ]);
  });

  it('previews an image and a text file read straight from the bucket', async () => {
    const folder = `${CLOUD}/previews`;
    await putMountFile(folder, 'pixel.png', PNG, 'image/png');
    await putMountFile(folder, 'notes.txt', 'plain words from the bucket', 'text/plain');

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${folder}?preview=pixel.png`);
    const image = page.getByRole('dialog', { name: 'pixel.png' }).locator('img[src]').first();
    await image.waitFor();
    // Shown, not only placed: a link the page may not load (CSP, CORS) leaves it broken.
    await expect
      .poll(
        () =>
          image.evaluate(
            (element: HTMLImageElement) => element.complete && element.naturalWidth > 0,
          ),
        { timeout: WAIT_MS },
      )
      .toBe(true);
    expect(await image.getAttribute('src')).toContain(inject('s3').endpoint);

    await page.goto(`/mount-explorer${folder}?preview=notes.txt`);
    await page
      .getByRole('dialog', { name: 'notes.txt' })
      .getByText('plain words from the bucket')
      .waitFor();
  });

  it('edits a text file in place and saves it into the bucket', async () => {
    const folder = `${CLOUD}/edits`;
    await putMountFile(folder, 'edit-me.txt', 'before', 'text/plain');
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${folder}?preview=edit-me.txt`);
    const panel = page.getByRole('dialog', { name: 'edit-me.txt' });
    await panel.getByText('before').waitFor();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const editor = panel.getByRole('textbox', { name: 'Text of edit-me.txt' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('after the edit, on S3');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved edit-me.txt.').waitFor();
    await panel.getByText('after the edit, on S3').waitFor();
    expect((await download(`${folder}/edit-me.txt`)).toString('utf8')).toBe(
      'after the edit, on S3',
    );
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, WAIT_MS } from './browser.js';
import { adminApi, adminDownload, defaultStorageId, putMountFile } from './admin-api.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();
const MiB = 1024 * 1024;

/** Keeps this file's folders apart from other specs' (the mount shows the storage's root). */
const TAG = `tx${Date.now()}`;
const MOUNT = `/${TAG}/disk`;

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  await adminApi('POST', '/api/admin/mounts', {
    name: `${TAG} disk`,
    mount_path: MOUNT,
    storage_config_id: await defaultStorageId(),
    cache_ttl: 0,
  });
});

const listing = (page: Page) => page.getByRole('list', { name: 'Folder contents' });
const row = (page: Page, name: string | RegExp) =>
  listing(page).getByRole('listitem').filter({ hasText: name });
const uploadsPanel = (page: Page) => page.getByRole('region', { name: 'Uploads' });

describe('explorer uploads', () => {
  it('uploads a whole folder, keeping its tree', async () => {
    const local = await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-folder-'));
    await mkdir(path.join(local, 'album', 'sub'), { recursive: true });
    await writeFile(path.join(local, 'album', 'a.txt'), 'first');
    await writeFile(path.join(local, 'album', 'sub', 'b.txt'), 'second');
    await adminApi('POST', '/api/fs/mkdir', { path: `${MOUNT}/folders` });

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${MOUNT}/folders`);
    await page.getByText('This folder is empty').waitFor();
    await page.getByTestId('explorer-upload-folder').setInputFiles(path.join(local, 'album'));
    await row(page, 'album').waitFor();
    await uploadsPanel(page).getByText('Uploaded').nth(1).waitFor();

    const sub = await adminApi<{ items: { name: string; size: number }[] }>(
      'GET',
      `/api/fs/list?path=${encodeURIComponent(`${MOUNT}/folders/album/sub`)}`,
    );
    expect(sub.items.map((item) => [item.name, item.size])).toEqual([['b.txt', 6]]);
    // The batch is one upload task, finished.
    const tasks = await adminApi<{
      items: { type: string; status: string; progress: { total: number } }[];
    }>('GET', '/api/tasks');
    const task = tasks.items.find((item) => item.type === 'upload' && item.progress.total === 2);
    expect(task).toMatchObject({ status: 'completed' });
  });

  it('sends a 12 MB file in parts and, after a reload mid-upload, resumes without resending', async () => {
    const local = await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-big-'));
    const data = randomBytes(12 * MiB);
    const file = path.join(local, 'big.bin');
    await writeFile(file, data);
    await adminApi('POST', '/api/fs/mkdir', { path: `${MOUNT}/big` });

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${MOUNT}/big`);
    await page.getByText('This folder is empty').waitFor();

    // The first part goes through; the others are held, so the page reloads mid-upload.
    // After the reload every part request goes through and is counted.
    let reloaded = false;
    let partRequests = 0;
    const held: Route[] = [];
    const sentAfterReload: string[] = [];
    await page.route('**/api/storage/local/part**', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      if (reloaded) {
        sentAfterReload.push(route.request().url());
        return route.continue();
      }
      partRequests += 1;
      if (partRequests === 1) return route.continue();
      held.push(route);
    });
    const firstPart = page.waitForResponse(
      (response) =>
        response.url().includes('/api/storage/local/part') && response.request().method() === 'PUT',
      { timeout: WAIT_MS },
    );
    await page.getByTestId('explorer-upload-files').setInputFiles(file);
    expect((await firstPart).status()).toBe(200);
    await expect.poll(() => held.length, { timeout: WAIT_MS }).toBe(2);
    // The saved progress holds the stored part once its answer is read (which of the three
    // parts went first is the browser's choice).
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
    reloaded = true;
    await page.reload();
    // The held requests died with the page they belonged to.
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    const interrupted = page.getByText(/1 file of an earlier upload did not finish/);
    await interrupted.waitFor();
    await page.getByTestId('explorer-upload-files').setInputFiles(file);
    await row(page, 'big.bin').waitFor();
    await uploadsPanel(page).getByText('Uploaded').waitFor();
    await interrupted.waitFor({ state: 'detached' });
    // Only the two parts that never arrived went again.
    expect(sentAfterReload).toHaveLength(2);

    const stored = await adminDownload(
      `/api/fs/download?path=${encodeURIComponent(`${MOUNT}/big/big.bin`)}`,
    );
    expect(stored.length).toBe(data.length);
    expect(sha(stored)).toBe(sha(data));
    // Its recent entry links to the file's preview.
    await uploadsPanel(page)
      .getByRole('list', { name: 'Recent uploads' })
      .getByRole('link', {
        name: 'big.bin',
      })
      .waitFor();
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('explorer previews', () => {
  const folder = `${MOUNT}/previews`;
  beforeAll(async () => {
    await putMountFile(folder, 'notes.txt', 'plain words', 'text/plain');
    await putMountFile(folder, 'readme.md', '# Heading from Markdown', 'text/markdown');
    await putMountFile(folder, 'config.json', '{"answer": 42}', 'application/json');
    await putMountFile(folder, 'page.html', '<h1>Rendered page</h1>', 'text/html');
    await putMountFile(folder, 'pixel.png', PNG, 'image/png');
    await putMountFile(folder, 'doc.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf');
    await putMountFile(folder, 'clip.mp4', randomBytes(64), 'video/mp4');
    await putMountFile(folder, 'song.mp3', randomBytes(64), 'audio/mpeg');
    await putMountFile(folder, 'report.docx', randomBytes(64), 'application/octet-stream');
    await putMountFile(folder, 'blob.bin', randomBytes(64), 'application/octet-stream');
  });

  it('previews every type the file page does', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    const open = async (name: string) => {
      await page.goto(`/mount-explorer${folder}?preview=${encodeURIComponent(name)}`);
      const panel = page.getByRole('dialog', { name });
      await panel.waitFor();
      return panel;
    };
    await (await open('notes.txt')).getByText('plain words').waitFor();
    await (
      await open('readme.md')
    )
      .getByRole('heading', { name: 'Heading from Markdown' })
      .waitFor();
    await (await open('config.json')).getByText('"answer"').waitFor();
    await (await open('page.html')).getByText('<h1>Rendered page</h1>').waitFor();
    await (await open('pixel.png')).locator('img[src]').first().waitFor();
    await (await open('doc.pdf')).locator('iframe[title="PDF: doc.pdf"]').waitFor();
    await (await open('clip.mp4')).getByLabel('Video: clip.mp4').waitFor();
    await (await open('song.mp3')).getByLabel('Audio: song.mp3').waitFor();
    await (await open('report.docx')).getByText(/online viewer/).waitFor();
    await (await open('blob.bin')).getByText(/There is no preview for this type of file/).waitFor();
  });

  it('edits a text file in place and saves it through the server', async () => {
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
    await page.keyboard.type('after the edit');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved edit-me.txt.').waitFor();
    await panel.getByText('after the edit').waitFor();
    const stored = await adminDownload(
      `/api/fs/download?path=${encodeURIComponent(`${folder}/edit-me.txt`)}`,
    );
    expect(stored.toString('utf8')).toBe('after the edit');
  });
});

describe('a folder of 10,000 entries', () => {
  const folderName = 'ten-thousand';
  beforeAll(async () => {
    // Written straight into the default local storage (the mount shows its root): the listing
    // reads the disk, so the files need not go through 10,000 requests.
    const dir = path.join(inject('dataDir'), 'storage', folderName);
    await mkdir(dir, { recursive: true });
    for (let start = 0; start < 10_000; start += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          writeFile(path.join(dir, `entry-${String(start + i).padStart(5, '0')}.txt`), 'x'),
        ),
      );
    }
  });

  it('scrolls to the last entry, loading the pages on the way', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto(`/mount-explorer${MOUNT}/${folderName}`);
    await row(page, 'entry-00000.txt').waitFor();
    // Only a window of rows is in the page, however many entries the folder has.
    expect(await listing(page).getByRole('listitem').count()).toBeLessThan(200);
    // Keyboard: End goes to the last loaded row, which asks for the next page; again and
    // again until the folder's last entry is on screen.
    await listing(page).getByRole('link', { name: 'entry-00000.txt' }).focus();
    await expect
      .poll(
        async () => {
          await page.keyboard.press('End');
          return row(page, 'entry-09999.txt').isVisible();
        },
        { timeout: WAIT_MS, interval: 250 },
      )
      .toBe(true);
    await page.getByText('10,000 items').waitFor();
    expect(await listing(page).getByRole('listitem').count()).toBeLessThan(200);
    // And the mouse wheel back up reaches the middle ones.
    await page.mouse.wheel(0, -44 * 5000);
    await row(page, /entry-0[4-5]\d{3}\.txt/)
      .first()
      .waitFor();
  });
});

import { createHash, randomFillSync } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser, WAIT_MS } from './browser.js';
import { previewFixtures, type Fixture } from './file-fixtures.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();
const MiB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Shares a file through `POST /api/upload` (for tests that start on the file page). */
async function shareViaApi(fixture: Fixture, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(fixture.buffer)], { type: fixture.mimeType }),
    fixture.name,
  );
  const res = await fetch(`${inject('baseUrl')}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { slug: string; id: string } }).data;
}

/** The bytes behind a share link, through the public download route. */
async function downloaded(slug: string, query = ''): Promise<Buffer> {
  const res = await fetch(`${inject('baseUrl')}/api/file-download/${slug}${query}`);
  if (!res.ok) throw new Error(`download ${slug}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const bigFile = (name: string, bytes: number): Fixture => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: randomFillSync(Buffer.alloc(bytes)),
});

/** Waits for a file's share link on the Upload page and returns its slug. */
async function sharedSlug(page: Page, name: string): Promise<string> {
  // The queue row and the recent uploads both show it.
  const link = page.getByRole('textbox', { name: `Share link of ${name}` }).first();
  await link.waitFor({ timeout: WAIT_MS });
  const url = await link.inputValue();
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('files: uploading', () => {
  it('uploads a small file in one request and a 12 MB file in parts, byte for byte', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/upload');
    const small = { name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') };
    const large = bigFile('large.bin', 12 * MiB + 4321);
    const parts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/storage/local/part')) parts.push(request.url());
    });
    await page.getByTestId('file-input').setInputFiles([small, large]);

    const smallSlug = await sharedSlug(page, 'hello.txt');
    const largeSlug = await sharedSlug(page, 'large.bin');
    expect(parts).toHaveLength(3);
    expect((await downloaded(smallSlug)).toString()).toBe('hello');
    expect(sha256(await downloaded(largeSlug))).toBe(sha256(large.buffer));
    // The recent uploads keep them once the queue beside them no longer shows them.
    const recent = page.getByRole('region', { name: 'Recent uploads' });
    expect(await recent.getByText('large.bin').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear finished' }).click();
    await recent.getByText('large.bin').waitFor();
    expect(await recent.getByText('hello.txt').count()).toBe(1);
  });

  it('resumes a multi-part upload after a reload, sending only the missing parts', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/upload');
    const file = bigFile('resume.bin', 16 * MiB);
    // From disk, as a person picks it: the same name, size and modification time both times.
    const onDisk = path.join(await mkdtemp(path.join(os.tmpdir(), 'pp-e2e-')), file.name);
    await writeFile(onDisk, file.buffer);
    let sent = 0;
    let holding = true;
    // The first part goes through; the others hang, as on a connection that drops, and die
    // with the reload (releasing them could finish the upload before the page goes away).
    await page.route('**/api/storage/local/part**', async (route) => {
      sent += 1;
      if (sent === 1 || !holding) return route.continue();
      await new Promise(() => undefined);
    });
    await page.getByTestId('file-input').setInputFiles(onDisk);
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((key) => {
        if (!key.startsWith('pasteport.upload.')) return false;
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as { parts?: unknown[] };
        return (saved.parts?.length ?? 0) >= 1;
      }),
    );
    await page.reload();
    holding = false;

    const notice = page.getByTestId('unfinished-uploads');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('resume.bin');
    const partsAfterReload: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/storage/local/part') || url.includes('/api/upload/multipart'))
        partsAfterReload.push(url.replace(/\?.*/, '?'));
    });
    const listed = page.waitForResponse((response) =>
      response.url().includes('/api/upload/multipart/parts?'),
    );
    await page.getByTestId('file-input').setInputFiles(onDisk);
    const listing = await listed;
    expect(listing.status()).toBe(200);
    const stored = ((await listing.json()) as { data: { parts: unknown[] } }).data.parts;
    const slug = await sharedSlug(page, 'resume.bin');
    // No new upload: storage lists what it holds, and only the missing parts (of 4) are sent.
    expect(partsAfterReload.filter((url) => url.endsWith('/init'))).toEqual([]);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length).toBeLessThan(4);
    const sentAgain = partsAfterReload.filter((url) => url.includes('/storage/local/part'));
    expect(sentAgain).toHaveLength(4 - stored.length);
    expect(sha256(await downloaded(slug))).toBe(sha256(file.buffer));
  });
});

describe('files: the file page', () => {
  it('previews every kind of file and downloads it', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const fixtures = await previewFixtures(page);
    const slugs: Record<string, string> = {};
    for (const [kind, fixture] of Object.entries(fixtures)) {
      slugs[kind] = (await shareViaApi(fixture)).slug;
    }
    const open = async (kind: string) => {
      await page.goto(`/file/${slugs[kind]}`);
      await page
        .getByTestId('page-title')
        .filter({ hasText: fixtures[kind]?.name ?? '' })
        .waitFor();
    };

    await open('md');
    await page.getByRole('heading', { name: 'Meeting notes' }).waitFor();

    await open('json');
    await page.locator('pre').filter({ hasText: '"pasteport"' }).first().waitFor();

    await open('html');
    await page.getByRole('tab', { name: 'Rendered' }).click();
    const frame = page.getByTitle('Rendered HTML page');
    expect(await frame.getAttribute('sandbox')).toBe('');
    await page
      .frameLocator('iframe[title="Rendered HTML page"]')
      .getByRole('heading', { name: 'Hello page' })
      .waitFor();
    expect(await page.title()).not.toBe('pwned');

    await open('pdf');
    const pdf = page.getByTitle('PDF: report.pdf');
    expect(await pdf.getAttribute('src')).toContain(`/api/file-view/${slugs.pdf}`);

    await open('png');
    const image = page.locator('img[alt="pixel.png"]');
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="pixel.png"]');
      return img?.complete === true && img.naturalWidth === 160;
    });

    await open('webm');
    await page.waitForFunction(
      () => (document.querySelector('video')?.readyState ?? 0) >= 1,
      undefined,
      { timeout: WAIT_MS },
    );

    await open('mp3');
    await page.waitForFunction(
      () => (document.querySelector('audio')?.readyState ?? 0) >= 1,
      undefined,
      { timeout: WAIT_MS },
    );

    await open('docx');
    const office = page.getByTitle(/letter\.docx in the Microsoft viewer/);
    await office.waitFor();
    expect(await office.getAttribute('src')).toMatch(
      /^https:\/\/view\.officeapps\.live\.com\/op\/view\.aspx\?src=http/,
    );

    await open('bin');
    await page.getByText('There is no preview for this type of file', { exact: false }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('blob.bin');
    expect([...(await readFile(await download.path()))]).toEqual([0, 1, 2, 3, 255]);
  });

  it('asks for the password, then lets the last view through and says it is gone', async () => {
    const { slug } = await shareViaApi(
      { name: 'secret.txt', mimeType: 'text/plain', buffer: Buffer.from('top secret') },
      { password: 'open-sesame', max_views: '1' },
    );
    const page = await browser.newPage();
    await page.goto(`/file/${slug}`);
    const password = page.locator('input[type="password"]');
    await password.fill('wrong');
    await password.press('Enter');
    await page.getByText('Wrong password.').waitFor();
    await password.fill('open-sesame');
    await password.press('Enter');
    await page.getByTestId('page-title').filter({ hasText: 'secret.txt' }).waitFor();
    await page.getByRole('button', { name: 'Show preview' }).click();
    await page.getByText('top secret').waitFor();

    await page.reload();
    await page.getByText('This file has reached its view limit').waitFor();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { adminApi } from './admin-api.js';
import { openBrowser, WAIT_MS } from './browser.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

async function shareText(name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${inject('baseUrl')}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  return ((await res.json()) as { data: { id: string; slug: string } }).data;
}

describe('files: administration', () => {
  it('tests the default storage and explains each check', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/admin/storage-config');
    const card = page.getByTestId('storage-config-card').first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Test connection' }).click();
    await page.getByText('Everything works.').waitFor();
    for (const check of ['read', 'write', 'delete']) {
      const panel = page.getByTestId(`storage-check-${check}`);
      expect(await panel.getAttribute('data-status')).toBe('ok');
    }
  });

  it('finds shared files in file management and deletes several at once', async () => {
    const tag = `fm${Date.now()}`;
    const first = await shareText(`${tag}-one.txt`, 'one');
    await shareText(`${tag}-two.txt`, 'two');
    await shareText(`${tag}-three.txt`, 'three');
    // Shared last, so the newest row of the unfiltered list: its going away shows the search
    // applied. Without it, an unfiltered list of exactly these three files looks filtered, and
    // the debounced search landing after a box is checked starts a new, empty selection.
    await shareText(`other${Date.now()}.txt`, 'not in the search');
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/admin/file-management');
    const table = page.getByRole('table', { name: 'Shared files' });
    await table.getByText(/^other\d+\.txt$/).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await table.getByText(/^other\d+\.txt$/).waitFor({ state: 'detached', timeout: WAIT_MS });
    // The filtered list: a header row and three files.
    await expect.poll(() => table.getByRole('row').count(), { timeout: WAIT_MS }).toBe(4);
    await table.getByText(`${tag}-three.txt`).waitFor();

    await page.getByRole('checkbox', { name: `Select “${tag}-two.txt”` }).check();
    await page.getByRole('checkbox', { name: `Select “${tag}-three.txt”` }).check();
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 2 files' }).click();
    await expect.poll(() => table.getByRole('row').count(), { timeout: WAIT_MS }).toBe(2);
    await table.getByText(`${tag}-one.txt`).waitFor();

    const list = await adminApi<{ items: { slug: string }[] }>(
      'GET',
      `/api/admin/files?search=${tag}`,
    );
    expect(list.items.map((f) => f.slug)).toEqual([first.slug]);
    const kept = await fetch(`${inject('baseUrl')}/api/public/files/${first.slug}`);
    expect(kept.status).toBe(200);
  });

  it('shows dashboard numbers that match what exists', async () => {
    await shareText(`dash${Date.now()}.txt`, 'dashboard');
    const stats = await adminApi<{ counts: Record<string, number> }>(
      'GET',
      '/api/admin/dashboard/stats',
    );
    expect(stats.counts.files).toBeGreaterThan(0);
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/admin/dashboard');
    for (const name of ['pastes', 'files', 'api_keys', 'storage_configs']) {
      const count = page.getByTestId(`dashboard-count-${name}`);
      await count.waitFor();
      expect((await count.textContent())?.replace(/\D/g, '')).toBe(String(stats.counts[name]));
    }
  });

  it('imports a file from a URL: the browser fetches it and uploads it', async () => {
    // A site on loopback that allows cross-origin reads: the browser relays its bytes, the
    // server never fetches the private address itself (its SSRF guard would refuse it).
    const body = Buffer.from('imported through the browser');
    const site = http.createServer((req, res) => {
      res.writeHead(200, {
        'access-control-allow-origin': '*',
        'content-type': 'text/plain',
        'content-length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/notes/imported.txt`;
    try {
      const page = await browser.newPage();
      await loginAsAdmin(page);
      await page.goto('/upload');
      await page.getByRole('tab', { name: 'From a URL' }).click();
      await page.getByRole('textbox', { name: 'File URL' }).fill(url);
      await page.getByRole('button', { name: 'Get info' }).click();
      // The server refuses to fetch a loopback address; this browser can, and relays it.
      await page.getByRole('button', { name: 'Fetch it in this browser instead' }).click();
      // The relayed file lands in Recent uploads: its name links to the share page.
      const recent = page.getByRole('region', { name: 'Recent uploads' });
      const link = recent.getByRole('link', { name: 'imported.txt' }).first();
      await link.waitFor({ timeout: WAIT_MS });
      const shared = (await link.getAttribute('href')) ?? '';
      const slug = shared.slice(shared.lastIndexOf('/') + 1);
      const res = await fetch(`${inject('baseUrl')}/api/file-download/${slug}`);
      expect(await res.text()).toBe(body.toString());
    } finally {
      site.close();
    }
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, defaultStorageId } from './admin-api.js';
import { AXE_LAYOUTS, axeContext, axeFindings, storeTheme } from './axe.js';
import { waitForServiceWorkerControl } from './service-worker.js';
import { openBrowser } from './browser.js';
import { loginAsAdmin } from './sign-in.js';

/*
 * The offline queue in Chromium: a paste written offline waits, goes out exactly once when
 * the connection is back (counted on the server), and its link works; an answer lost on the
 * way still yields one paste (the replay carries the same Idempotency-Key).
 */
const browser = openBrowser();

/** Pastes on the server whose note contains `marker`. */
async function pastesWith(marker: string): Promise<{ slug: string }[]> {
  const page = await adminApi<{ items: { slug: string }[] }>(
    'GET',
    `/api/admin/pastes?limit=50&search=${encodeURIComponent(marker)}`,
  );
  return page.items;
}

/** Writes a paste with `marker` as its note (the admin search matches notes) and shares it. */
async function writeAndShare(page: Page, text: string, marker: string) {
  const editor = page.getByRole('textbox', { name: 'Text to share' });
  await editor.click();
  await page.keyboard.insertText(text);
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill(marker);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
}

describe('offline queue', () => {
  beforeAll(async () => {
    // A task in the administrator's list, so the header carries its button too (the most it
    // ever holds on a phone: tasks, the offline sign and a queued change).
    const tag = `oq${Date.now()}`;
    await adminApi('POST', '/api/admin/mounts', {
      name: tag,
      mount_path: `/${tag}`,
      storage_config_id: await defaultStorageId(),
    });
    await adminApi('POST', '/api/fs/upload-tasks', {
      path: `/${tag}`,
      files: [{ path: 'waiting.txt', size: 1 }],
    });
  });

  it('keeps a paste written offline as pending and shares it exactly once when back online', async () => {
    // With the service worker, as offline use is: it holds the queue's code for when the
    // connection is gone.
    const page = await browser.newPage({ serviceWorkers: 'allow' });
    await loginAsAdmin(page);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Text to share' }).waitFor();
    await waitForServiceWorkerControl(page);
    const marker = `train-${Date.now()}`;

    await page.context().setOffline(true);
    await writeAndShare(page, `Written in the tunnel ${marker}`, marker);
    await page.getByText('You are offline: this was saved on this device').first().waitFor();
    const button = page.getByTestId('offline-queue-button');
    await expect(button.textContent()).resolves.toBe('1');
    await button.click();
    const item = page.getByTestId('offline-queue-item');
    await item.getByText('New paste').waitFor();
    await item.getByText('Waiting').waitFor();
    expect(await pastesWith(marker)).toEqual([]);

    await page.context().setOffline(false);
    const link = page.getByTestId('offline-sent-paste');
    await link.waitFor();
    const pastes = await pastesWith(marker);
    expect(pastes).toHaveLength(1);
    expect(await link.getAttribute('href')).toBe(`/paste/${pastes[0]?.slug ?? ''}`);
    await page.getByTestId('offline-queue-item').waitFor({ state: 'detached' });

    await page.goto(`/paste/${pastes[0]?.slug ?? ''}`);
    await page.getByText(`Written in the tunnel ${marker}`).waitFor();
  });

  it('yields one paste when the first answer is lost on the way back', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Text to share' }).waitFor();
    const marker = `lost-${Date.now()}`;

    let dropped = 0;
    const keys: string[] = [];
    await page.route('**/api/paste', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (dropped > 0) return route.continue();
      dropped++;
      // The server creates the paste; its answer never reaches the page.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await writeAndShare(page, `Answer lost ${marker}`, marker);
    await page.getByTestId('offline-sent-paste').waitFor();

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await pastesWith(marker)).toHaveLength(1);
  });

  it.each(AXE_LAYOUTS)(
    'has no serious axe finding offline with a queued paste and its panel ($name)',
    async (layout) => {
      const page = await browser.newPage({ ...axeContext(layout), serviceWorkers: 'allow' });
      await storeTheme(page, layout.theme);
      await loginAsAdmin(page);
      await page.goto('/');
      await page.getByRole('textbox', { name: 'Text to share' }).waitFor();
      await waitForServiceWorkerControl(page);
      // The task list is fetched while online: a fetch still under way when the connection
      // drops waits for it to come back, and the header would never show the button.
      await page.getByTestId('tasks-button').waitFor();

      await page.context().setOffline(true);
      await writeAndShare(page, 'Checked for contrast', `axe-${layout.name}-${Date.now()}`);
      const button = page.getByTestId('offline-queue-button');
      await button.waitFor();
      // On a phone the queue button shows the offline icon in the badge's place.
      if (layout.name !== 'phone') await page.getByTestId('offline-badge').waitFor();
      await page.getByTestId('tasks-button').waitFor(); // kept from before, offline
      const found = await axeFindings(page, 'offline header');
      if (layout.name === 'phone') {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, 'the header fits a phone offline with a queued change').toBeLessThanOrEqual(
          375,
        );
      }
      await button.click();
      await page.getByTestId('offline-queue-item').first().waitFor();
      found.push(...(await axeFindings(page, 'queue panel')));
      expect(found, found.join('\n')).toEqual([]);
      // Nothing is sent: the context closes with the paste still queued on this device only.
    },
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { adminApi } from './admin-api.js';
import { startAppProxy, type AppProxy } from './app-proxy.js';
import { waitForServiceWorkerControl } from './service-worker.js';
import { openBrowser, WAIT_MS } from './browser.js';
import { CHROMIUM_ARGS } from './chromium.js';
import { loginAsAdmin } from './sign-in.js';

/*
 * The installable app in Chromium with its service worker on (other specs block it). Each
 * test opens the app through its own proxy origin, so its worker, caches and storage are its
 * own; going offline is the browser context's (context.setOffline).
 */
const browser = openBrowser();
let proxy: AppProxy;

beforeAll(async () => {
  proxy = await startAppProxy(inject('baseUrl'));
});
afterAll(() => proxy.close());

/** Opens `path` and waits until the service worker controls the page. */
async function openControlled(path: string): Promise<Page> {
  const page = await browser.newPage({ baseURL: proxy.baseUrl, serviceWorkers: 'allow' });
  await page.goto(path);
  await waitForServiceWorkerControl(page);
  return page;
}

/** Waits until every script and style this page loaded is in the worker's caches. */
async function waitUntilLoadedFilesCached(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'));
    for (const url of files) if (!(await caches.match(url.href))) return false;
    return files.length > 0;
  });
}

async function createPaste(content: string): Promise<string> {
  const created = await adminApi<{ slug: string }>('POST', '/api/paste', { content });
  return created.slug;
}

describe('installable app', () => {
  it('meets Chromium’s install criteria: a manifest with icons and a controlling worker', async () => {
    // A profile on disk: Chromium never offers installing from an incognito-like context.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'pasteport-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: inject('chromiumPath'),
      args: CHROMIUM_ARGS,
      baseURL: proxy.baseUrl,
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(WAIT_MS);
    onTestFinished(async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    const manifest = (await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as unknown) : null;
    })) as {
      display: string;
      start_url: string;
      scope: string;
      icons: { sizes: string; purpose?: string }[];
      shortcuts: { url: string }[];
      share_target: { action: string; method: string };
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons).toContainEqual(
        expect.objectContaining({ sizes: size, purpose: 'any' }),
      );
      expect(manifest.icons).toContainEqual(
        expect.objectContaining({ sizes: size, purpose: 'maskable' }),
      );
    }
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/', '/upload']);
    expect(manifest.share_target).toMatchObject({ action: '/share-target', method: 'POST' });
  });

  it('opens Home and a page read before with no connection, and says it is offline', async () => {
    const slug = await createPaste(`read on the train ${Date.now()}`);
    const page = await openControlled(`/paste/${slug}`);
    await page.getByText('read on the train').waitFor();
    // The page keeps its copy once the answer showed (the offline store loads after it).
    await page.waitForFunction(
      (wanted) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('pasteport');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('pastes')) return resolve(false);
            const get = db.transaction('pastes').objectStore('pastes').get(wanted);
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(false);
          };
        }),
      slug,
    );
    await waitUntilLoadedFilesCached(page);

    await page.context().setOffline(true);
    await page.goto('/');
    // Home and its editor are precached: the start page works offline without a first use.
    await page.getByRole('textbox', { name: 'Text to share' }).waitFor();
    await expect(page.getByTestId('offline-badge').isVisible()).resolves.toBe(true);
    expect(
      await page.getByTestId('app-footer').getByRole('link', { name: 'Source code' }).count(),
    ).toBe(1);

    // The paste read before is shown from this device's copy, saying so.
    await page.goto(`/paste/${slug}`);
    await page.getByText('read on the train').waitFor();
    await page.getByText(/Shown from offline copy saved/).waitFor();
  });

  it('shows the fallback page for a page never loaded, with home, back and retry', async () => {
    const page = await openControlled('/');
    await waitUntilLoadedFilesCached(page);
    await page.context().setOffline(true);
    // A client-side navigation to a page whose code this device never loaded.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/file/never-opened');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'Page temporarily unavailable' }).waitFor();
    for (const name of ['Retry', 'Back to previous page', 'Back home']) {
      expect(
        await page.getByRole('button', { name }).or(page.getByRole('link', { name })).count(),
      ).toBe(1);
    }
    await page.getByText('The page is unavailable. Check your network connection.').waitFor();

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => url.pathname === '/file/never-opened');
    await expect(
      page.getByRole('heading', { name: 'Page temporarily unavailable' }).count(),
    ).resolves.toBe(0);
  });

  it('offers "reload to update" when a new build is served, and reloads into it', async () => {
    const page = await openControlled('/');
    const scriptOf = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    expect(before).toContain('/service-worker.js');

    proxy.releaseNewBuild(`release ${Date.now()}`);
    try {
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
      const prompt = page.getByTestId('pwa-update');
      await prompt.getByRole('button', { name: 'Reload to update' }).click();
      // The new worker takes over and the page reloads once: the prompt is gone after it.
      await page.waitForEvent('load');
      await waitForServiceWorkerControl(page);
      expect(await scriptOf()).toContain('/service-worker.js');
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      expect(waiting).toBeNull();
      expect(await page.getByTestId('pwa-update').count()).toBe(0);
    } finally {
      proxy.releaseNewBuild('');
    }
  });
});

describe('share target', () => {
  /** Posts a share as the operating system's share sheet does: a form navigation. */
  async function share(
    page: Page,
    fields: Record<string, string>,
    file?: { name: string; body: string },
  ) {
    await page.evaluate((values) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      for (const [name, value] of Object.entries(values)) {
        const input = document.createElement('input');
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const files = document.createElement('input');
      files.type = 'file';
      files.name = 'files';
      files.id = 'share-files';
      form.append(files);
      document.body.append(form);
    }, fields);
    if (file) {
      await page.locator('#share-files').setInputFiles({
        name: file.name,
        mimeType: 'text/plain',
        buffer: Buffer.from(file.body),
      });
    }
    await page.evaluate(() =>
      document.querySelector<HTMLFormElement>('form[action="/share-target"]')?.submit(),
    );
  }

  it('opens Home with shared text and a link as a new paste draft', async () => {
    const page = await openControlled('/');
    await share(page, { title: 'Trip notes', text: 'Platform 9', url: 'https://example.org/x' });
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('shared'));
    await page.getByText('Platform 9').first().waitFor();
    await page.getByText('https://example.org/x').first().waitFor();
  });

  it('opens /upload with a shared file queued and sends nothing before Upload', async () => {
    const page = await openControlled('/');
    await loginAsAdmin(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/'))
        uploads.push(request.url());
    });
    await share(page, {}, { name: 'shared-note.txt', body: 'from another app' });
    await page.waitForURL((url) => url.pathname === '/upload');
    await page.getByText('shared-note.txt').waitFor();
    expect(uploads).toEqual([]);
  });
});

import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.js';

/** The longest any single wait may take before it counts as never coming (see below). */
export const WAIT_MS = 300_000;

/**
 * One Chromium per spec file; each test opens its own context (fresh localStorage) so tests
 * never leak state into each other.
 */
export function openBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject('chromiumPath'),
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
  });
  return {
    baseUrl: () => inject('baseUrl'),
    async newPage(options: BrowserContextOptions = {}) {
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        locale: 'en-US',
        // The service worker takes over requests once it controls a page; specs that are not
        // about it keep the plain network (their route interception and byte counts stay the
        // page's own). pwa.spec.ts turns it on.
        serviceWorkers: 'block',
        ...options,
      });
      // Waits are bounded by the work, not the clock: a busy machine may take long to load a
      // lazily loaded page, never fail it. A wait for something that never comes still fails.
      context.setDefaultTimeout(WAIT_MS);
      context.setDefaultNavigationTimeout(WAIT_MS);
      contexts.push(context);
      return context.newPage();
    },
  };
}

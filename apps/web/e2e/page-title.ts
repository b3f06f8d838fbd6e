import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS as SETTLE_MS } from './browser.js';

/**
 * Client routes load lazily, so after a URL change the old heading can still be on screen for a
 * moment. Wait for the expected heading (and document title) first, then assert, so a slow
 * machine never turns into a false failure and a wrong title still fails with a readable diff.
 */
export async function expectPageTitle(page: Page, heading: string, documentTitle?: string) {
  const title = page.getByTestId('page-title');
  await title
    .filter({ hasText: new RegExp(`^${escapeRegExp(heading)}$`) })
    .waitFor({ timeout: SETTLE_MS })
    .catch(() => undefined);
  expect(await title.textContent()).toBe(heading);
  if (documentTitle === undefined) return;
  await page
    .waitForFunction((expected) => document.title === expected, documentTitle, {
      timeout: SETTLE_MS,
    })
    .catch(() => undefined);
  expect(await page.title()).toBe(documentTitle);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

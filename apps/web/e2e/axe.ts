import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { run as axeRun, AxeResults, ImpactValue } from 'axe-core';
import type { BrowserContextOptions, Page } from 'playwright-core';

/** axe-core's browser bundle, injected into the page as an inline script. */
const axeSource = await readFile(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** UX.md: no serious (or worse) axe violation on any screen. */
const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** A layout a screen is checked in: a theme and a browser context (viewport, touch). */
export interface AxeLayout {
  name: string;
  theme: 'light' | 'dark';
  context: BrowserContextOptions;
}

/** Both themes on a desktop, and a phone. */
export const AXE_LAYOUTS: AxeLayout[] = [
  { name: 'light', theme: 'light', context: { viewport: { width: 1280, height: 800 } } },
  { name: 'dark', theme: 'dark', context: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone',
    theme: 'light',
    context: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  },
];

/** The options of a page axe can run in: the app's CSP (script-src 'self') would refuse it. */
export const axeContext = (layout: AxeLayout): BrowserContextOptions => ({
  ...layout.context,
  bypassCSP: true,
});

/** Stores the layout's theme the way the header toggle does, before the app reads it. */
export async function storeTheme(page: Page, theme: AxeLayout['theme']): Promise<void> {
  await page.addInitScript((chosen) => {
    localStorage.setItem('pasteport.theme', chosen);
  }, theme);
}

/** Waits until nothing is loading or moving (colours are measured mid-transition otherwise). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Spinners (endless animations) do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/** The serious and critical axe findings on the page as it is now, one line per node. */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  await settle(page);
  await page.addScriptTag({ content: axeSource });
  const results: AxeResults = await page.evaluate(() =>
    (window as unknown as { axe: { run: typeof axeRun } }).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return results.violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? 'minor'))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where} [${violation.id}, ${violation.impact}] ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}

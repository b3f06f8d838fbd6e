import { describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';
import { expectPageTitle } from './page-title.js';

const browser = openBrowser();

describe('phone layout (375 px)', () => {
  it('hides the nav links behind a menu that navigates and closes', async () => {
    const page = await browser.newPage({
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open navigation menu' });
    // isVisible() does not wait: on a busy machine the header may not be drawn yet at `load`.
    await burger.waitFor({ state: 'visible' });

    await burger.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await drawer.waitFor({ state: 'hidden' });
    await expectPageTitle(page, 'Sign in');

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('closes the menu with Escape', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation menu' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

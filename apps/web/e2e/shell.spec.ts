import { describe, expect, it } from 'vitest';
import { openBrowser } from './browser.js';
import { expectPageTitle } from './page-title.js';
import { loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

describe('app shell', () => {
  it('loads the home page with the editor title and the document title', async () => {
    const page = await browser.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expectPageTitle(page, 'Online clipboard', 'Online clipboard · Pasteport');
    const navLinks = await page.getByRole('navigation').first().getByRole('link').allTextContents();
    // A guest sees what guests may use (guest uploads are off here) and Admin, to sign in.
    expect(navLinks).toEqual(['Home', 'Admin']);
  });

  it('sends an unknown route to /', async () => {
    const page = await browser.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await expectPageTitle(page, 'Online clipboard');
  });

  it('navigates to a client route and shows its title', async () => {
    const page = await browser.newPage();
    // Upload is in the navigation of identities that may upload (guest uploads are off here).
    await loginAsAdmin(page);
    await page.goto('/');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Upload' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    await expectPageTitle(page, 'Upload files', 'Upload files · Pasteport');
  });

  it('shows the current year in the footer', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const footer = await page.getByTestId('app-footer').textContent();
    expect(footer).toContain(String(new Date().getFullYear()));
  });
});

describe('theme', () => {
  it('cycles auto → light → dark → auto and survives a reload', async () => {
    const page = await browser.newPage({ colorScheme: 'light' });
    await page.goto('/');
    const toggle = page.getByTestId('theme-toggle');
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');

    expect(await toggle.getAttribute('data-theme-mode')).toBe('auto');
    expect(await scheme()).toBe('light');

    await toggle.click();
    expect(await toggle.getAttribute('data-theme-mode')).toBe('light');
    expect(await scheme()).toBe('light');

    await toggle.click();
    expect(await toggle.getAttribute('data-theme-mode')).toBe('dark');
    expect(await scheme()).toBe('dark');

    await page.reload();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe('dark');
    expect(await scheme()).toBe('dark');

    await page.getByTestId('theme-toggle').click();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe('auto');
    await page.reload();
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe('auto');
  });

  it('follows the system in auto mode', async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme-mode')).toBe('auto');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});

describe('language', () => {
  it('gives a Chinese browser Chinese', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await page.goto('/');
    await expectPageTitle(page, '在线剪贴板');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });

  it('gives a Traditional Chinese browser Chinese too', async () => {
    const page = await browser.newPage({ locale: 'zh-TW' });
    await page.goto('/');
    await expectPageTitle(page, '在线剪贴板');
  });

  it.each(['en-US', 'fr-FR', 'de-DE'])('gives a %s browser English', async (locale) => {
    const page = await browser.newPage({ locale });
    await page.goto('/');
    await expectPageTitle(page, 'Online clipboard');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('switches the interface language and keeps it after a reload', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto('/upload');
    await expectPageTitle(page, 'Upload files');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByText('文件上传', { exact: true }).first().waitFor();
    await expectPageTitle(page, '文件上传', '文件上传 · Pasteport');

    await page.reload();
    await expectPageTitle(page, '文件上传');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser.js';
import { expectPageTitle } from './page-title.js';
import { admin, adminToken, loginAsAdmin, submitPassword, USERNAME } from './sign-in.js';

const browser = openBrowser();

const AUTH_KEYS_IN_STORAGE = () =>
  Object.keys(localStorage).filter((key) => key.startsWith('pasteport.auth.'));

async function submitApiKey(page: Page, key: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.locator('input[name="api-key"]').fill(key);
  await page.locator('input[name="api-key"]').press('Enter');
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('tab', { name: 'API key' }).waitFor();
}

const adminNavLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Admin sections' })
    .first()
    .getByRole('link')
    .allTextContents();

describe('identity: admin sign-in', () => {
  it('logs in with the password and reaches the dashboard', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    await expectPageTitle(page, 'Dashboard', 'Dashboard · Admin panel · Pasteport');
    expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toBe(
      `Signed in as ${admin().username}`,
    );
    expect(await adminNavLinks(page)).toEqual([
      'Dashboard',
      'Text shares',
      'File shares',
      'Storage configurations',
      'Mount points',
      'API keys',
      'Settings',
    ]);
    expect(await page.evaluate(() => localStorage.getItem('pasteport.auth.type'))).toBe('admin');
  });

  it('says the password is wrong, in English', async () => {
    const page = await browser.newPage();
    await submitPassword(page, admin().username, 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Invalid username or password.');
    await expectPageTitle(page, 'Sign in');
  });

  it('says the password is wrong, in Chinese', async () => {
    const page = await browser.newPage({ locale: 'zh-CN' });
    await submitPassword(page, admin().username, 'not-the-password', USERNAME.zh);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('用户名或密码错误。');
    await expectPageTitle(page, '登录');
  });

  it('clears every pasteport.auth.* key on logout', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    expect((await page.evaluate(AUTH_KEYS_IN_STORAGE)).length).toBeGreaterThan(0);
    await logout(page);
    expect(await page.evaluate(AUTH_KEYS_IN_STORAGE)).toEqual([]);
    await page.reload();
    await page.getByRole('tab', { name: 'API key' }).waitFor();
    await expectPageTitle(page, 'Sign in');
  });

  it('drives the user back to the login when the session is revoked', async () => {
    const page = await browser.newPage();
    await loginAsAdmin(page);
    const status = await page.evaluate(async () => {
      const token = localStorage.getItem('pasteport.auth.adminToken');
      const response = await fetch('/api/admin/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      return response.status;
    });
    expect(status).toBe(200);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .first()
      .getByRole('link', { name: 'API keys' })
      .click();
    const notice = page.getByTestId('session-ended');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Admin session expired, please log in again.');
    await expectPageTitle(page, 'Sign in');
    expect(await page.evaluate(AUTH_KEYS_IN_STORAGE)).toEqual([]);
  });
});

describe('identity: API keys', () => {
  it('creates a key, shows it once, and signs in with it to see only its modules', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginAsAdmin(page);
    await page.goto('/admin/key-management');
    const name = `e2e-text-${Date.now()}`;
    await page.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    expect(await dialog.getByRole('switch', { name: /^Text/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key created' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('only time the full key is shown');
    const key = (await shown.getByTestId('created-key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThanOrEqual(16);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await page.locator(`[data-testid="api-key-row"][data-key-name="${name}"]`).waitFor();

    await logout(page);
    await submitApiKey(page, key);
    await page.getByTestId('user-menu').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/text-management');
    await expectPageTitle(page, 'Text shares');
    expect(await adminNavLinks(page)).toEqual(['Text shares']);
    expect(await page.getByTestId('user-menu').getAttribute('aria-label')).toBe(
      `Signed in as ${name}`,
    );

    await page.goto('/admin/settings');
    await page.waitForURL((url) => url.pathname === '/admin/text-management');
    await expectPageTitle(page, 'Text shares');
  });

  it('refuses a key with no permissions at login', async () => {
    const token = await adminToken();
    const response = await fetch(`${inject('baseUrl')}/api/admin/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `e2e-none-${Date.now()}`,
        expires_at: null,
        text_permission: false,
        file_permission: false,
        mount_permission: false,
      }),
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { key: string } };

    const page = await browser.newPage();
    await submitApiKey(page, data.key);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Insufficient API key permissions/);
    expect(await page.evaluate(AUTH_KEYS_IN_STORAGE)).toEqual([]);
  });

  it('keeps the key list inside a phone-width screen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await loginAsAdmin(page);
    await page.goto('/admin/key-management');
    await page.getByRole('button', { name: 'New API key' }).waitFor();
    await page.locator('[data-testid="api-key-row"], :text("No API keys yet")').first().waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const admin = () => inject('admin');

/** The username field's label per language (Mantine appends " *" to required labels). */
export const USERNAME = { en: /^Username/, zh: /^用户名/ };

/** Fills the admin login form and submits it with Enter. */
export async function submitPassword(
  page: Page,
  username: string,
  password: string,
  label = USERNAME.en,
) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: label }).fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
}

/** Signs in as the administrator through the login screen. */
export async function loginAsAdmin(page: Page) {
  await submitPassword(page, admin().username, admin().password);
  await page.getByTestId('user-menu').waitFor();
}

/** Signs in through the API (not the UI) to prepare data a test needs. */
export async function adminToken(): Promise<string> {
  const response = await fetch(`${inject('baseUrl')}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin()),
  });
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

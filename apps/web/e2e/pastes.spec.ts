import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/** A document with every heavy part the view renders: table, formula, diagram, code. */
const DOCUMENT = [
  '# Release notes',
  '',
  '| Feature | Status |',
  '| --- | --- |',
  '| Pastes | done |',
  '',
  'Energy: $E = mc^2$',
  '',
  '```mermaid',
  'graph TD',
  '  A[Write] --> B[Share]',
  '```',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
].join('\n');

/** Writes into the CodeMirror editor the way a paste from the clipboard would. */
async function writeInEditor(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Text to share' });
  await editor.click();
  await page.keyboard.insertText(text);
}

async function shareWith(page: Page, options: { password?: string; maxViews?: number }) {
  await page.getByRole('button', { name: 'More options' }).click();
  if (options.password) await page.getByLabel('Password', { exact: true }).fill(options.password);
  if (options.maxViews !== undefined)
    await page.getByRole('textbox', { name: 'View limit' }).fill(String(options.maxViews));
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const link = page.getByRole('textbox', { name: 'Share link' });
  await link.waitFor();
  return link.inputValue();
}

/** Creates a paste through the API for tests that start elsewhere. */
async function pasteViaApi(
  token: string,
  body: object,
): Promise<{ slug: string; raw_url: string }> {
  const res = await fetch(`${inject('baseUrl')}/api/paste`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { slug: string; raw_url: string } };
  return json.data;
}

async function unlock(page: Page, url: string, password: string) {
  await page.goto(url);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

describe('pastes in the browser', () => {
  it('shares rich Markdown with a password and two views; a second visitor reads it until it is gone', async () => {
    const author = await browser.newPage();
    await loginAsAdmin(author);
    await author.goto('/');
    await writeInEditor(author, DOCUMENT);
    const link = await shareWith(author, { password: 'open sesame', maxViews: 2 });
    expect(link).toMatch(new RegExp(`^${inject('baseUrl')}/paste/[A-Za-z0-9]{8}$`));

    const reader = await browser.newPage();
    await unlock(reader, link, 'wrong password');
    await reader.getByText('wrong password', { exact: false }).waitFor();
    await reader.getByLabel('Password', { exact: true }).fill('open sesame');
    await reader.getByRole('button', { name: 'Unlock' }).click();
    const doc = reader.getByTestId('markdown-view');
    await doc.getByRole('heading', { name: 'Release notes' }).waitFor();
    await doc.locator('table td', { hasText: 'Pastes' }).waitFor();
    await doc.locator('.katex').first().waitFor();
    await doc
      .locator('svg[id^="mermaid"], .mermaid svg, svg[aria-roledescription]')
      .first()
      .waitFor();
    await doc.locator('pre.shiki, pre code span[style]').first().waitFor();
    await reader.getByText('1 view left').waitFor();

    await unlock(reader, link, 'open sesame');
    await reader.getByText('This was the last view').waitFor();
    await reader.getByRole('heading', { name: 'Release notes' }).waitFor();

    await reader.goto(link);
    await reader.getByText('This paste has reached its view limit').waitFor();
  });

  it('opens a hostile paste without running any of it', async () => {
    const token = await adminToken();
    const hostile = [
      '# Hostile',
      '<img src=x onerror="window.pwned=1">',
      '<script>window.pwned=2</script>',
      '<svg><script>window.pwned=3</script></svg>',
      '[click](javascript:window.pwned=4)',
      '<a href="javascript:window.pwned=5">also</a>',
      '<iframe srcdoc="<script>parent.pwned=6</script>"></iframe>',
      '<details open ontoggle="window.pwned=7">x</details>',
      '$\\href{javascript:window.pwned=8}{math}$',
      '[safe](https://example.com)',
    ].join('\n\n');
    const { slug } = await pasteViaApi(token, { content: hostile });
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/paste/${slug}`);
    const doc = page.getByTestId('markdown-view');
    await doc.getByRole('heading', { name: 'Hostile' }).waitFor();
    for (const name of ['click', 'also']) {
      const link = doc.getByText(name, { exact: true });
      if ((await link.count()) > 0) await link.first().click();
    }
    const safe = doc.getByRole('link', { name: 'safe' });
    expect(await safe.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await safe.getAttribute('target')).toBe('_blank');
    expect(await doc.locator('script, iframe, [onerror], [ontoggle]').count()).toBe(0);
    expect(await doc.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('offers the raw text and copies the link and the content', async () => {
    const token = await adminToken();
    const { slug, raw_url } = await pasteViaApi(token, { content: '# Raw me\n\nplain *text*' });
    const raw = await fetch(`${inject('baseUrl')}${raw_url}`);
    expect(raw.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await raw.text()).toBe('# Raw me\n\nplain *text*');

    const page = await browser.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`/paste/${slug}`);
    await page.getByRole('heading', { name: 'Raw me' }).waitFor();
    const rawLink = page.getByRole('link', { name: 'Raw' });
    expect(await rawLink.getAttribute('href')).toBe(`${inject('baseUrl')}/api/raw/${slug}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${inject('baseUrl')}/paste/${slug}`,
    );
    await page.getByRole('button', { name: 'Copy text' }).click();
    await page.getByText('Text copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      '# Raw me\n\nplain *text*',
    );
  });

  it('lets the administrator edit a paste and delete several at once', async () => {
    const token = await adminToken();
    const first = await pasteViaApi(token, { content: 'first', remark: 'e2e-batch one' });
    const second = await pasteViaApi(token, { content: 'second', remark: 'e2e-batch two' });
    const kept = await pasteViaApi(token, { content: 'kept', remark: 'e2e-edit me' });
    // The newest paste and outside the search: its going away shows the debounced search
    // applied, so rows checked after it are not dropped by a search landing late.
    const other = await pasteViaApi(token, { content: 'other', remark: 'not searched for' });

    const page = await browser.newPage();
    await loginAsAdmin(page);
    await page.goto('/admin/text-management');
    const otherBox = page.getByRole('checkbox', { name: `Select “${other.slug}”` });
    await otherBox.waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('e2e-');
    await otherBox.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: `Select “${first.slug}”` }).waitFor();

    await page.getByRole('button', { name: `Actions for “${kept.slug}”` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Remark' }).fill('e2e-edited in the browser');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('e2e-edited in the browser').waitFor();

    await page.getByRole('checkbox', { name: `Select “${first.slug}”` }).check();
    await page.getByRole('checkbox', { name: `Select “${second.slug}”` }).check();
    await page.getByRole('button', { name: 'Delete 2 selected' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Delete/ })
      .click();
    await page
      .getByRole('checkbox', { name: `Select “${first.slug}”` })
      .waitFor({ state: 'detached' });

    const gone = await fetch(`${inject('baseUrl')}/api/paste/${second.slug}`);
    expect(gone.status).toBe(404);
    const edited = await fetch(`${inject('baseUrl')}/api/admin/pastes?search=e2e-edited`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await edited.json()) as { data: { items: { slug: string }[] } };
    expect(list.data.items.map((item) => item.slug)).toEqual([kept.slug]);
  });
});

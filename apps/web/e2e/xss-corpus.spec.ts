import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openBrowser } from './browser.js';
import { adminToken, loginAsAdmin } from './sign-in.js';

const browser = openBrowser();

/**
 * Every payload, if it ever ran, would set `window.__xss` (or `parent.__xss` from a frame). The
 * app's CSP blocks inline script, so a handler that reached the live document shows up first as
 * a CSP violation report: both are asserted absent. Each line also carries visible safe text
 * that must survive sanitising.
 */
const TYPED_PART = [
  '# XSS corpus',
  '',
  'safe-text-alpha: plain words survive.',
  '',
  '<img src=x onerror="window.__xss=1">',
  '',
  '<svg onload="window.__xss=2"><circle r="1"/></svg>',
  '',
  '<details open ontoggle="window.__xss=4"><summary>details-summary</summary>details-safe-text</details>',
  '',
].join('\n');

const REST = [
  '<body onload="window.__xss=3">',
  '',
  '[js-link](javascript:window.__xss=5) <a href="javascript:window.__xss=6">js-anchor</a>',
  '<a href=" jav&#x09;ascript:window.__xss=7">js-entity</a>',
  '',
  '[data-link](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9ODwvc2NyaXB0Pg==)',
  '<a href="data:text/html,<script>parent.__xss=9</script>">data-anchor</a>',
  '',
  '![js-image](javascript:window.__xss=10) ![svg-image](data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0id2luZG93Ll9feHNzPTExIi8+)',
  '',
  '<svg><script>window.__xss=12</script></svg>',
  '',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=13"></style></mglyph></table></mtext></math>',
  '',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=x onerror=window.__xss=14&gt;"></mglyph></table></mtext></math>',
  '',
  '<iframe srcdoc="<script>parent.__xss=15</script>"></iframe>',
  '',
  '<form action="javascript:window.__xss=16"><button formaction="javascript:window.__xss=17">form-button</button></form>',
  '',
  '<a href="https://example.com/" onmouseover="window.__xss=18">web-link</a>',
  '',
  'Energy: $E = mc^2$ and $\\href{javascript:window.__xss=19}{math-link}$',
  '',
  '```mermaid',
  'graph TD',
  '  A["<img src=x onerror=window.__xss=20>diagram-safe-text"] --> B["<a href=javascript:window.__xss=21>diagram-link</a>"]',
  '  B --> C["<svg onload=window.__xss=22></svg>diagram-end"]',
  '  click A href "javascript:window.__xss=23"',
  '```',
  '',
  '```mermaid',
  'sequenceDiagram',
  '  Alice->>Bob: <img src=x onerror=window.__xss=25>sequence-safe-text',
  '  Note over Alice,Bob: <svg onload=window.__xss=26></svg>note-safe-text',
  '```',
  '',
  '```html',
  '<img src=x onerror="window.__xss=24">shiki-safe-text',
  '```',
  '',
  'safe-text-omega: the end.',
  '',
].join('\n');

const CORPUS = `${TYPED_PART}${REST}`;

/** An HTML file: its preview's source view highlights it (never renders it). */
const HTML_FILE = [
  '<!doctype html><title>corpus page</title>',
  '<h1 onclick="window.__xss=31">html-file-heading</h1>',
  '<img src=x onerror="window.__xss=32"><svg onload="window.__xss=33"></svg>',
  '<script>window.__xss=34</script>',
  '<a href="javascript:window.__xss=35">html-file-link</a>',
  '',
].join('\n');

interface Violation {
  directive: string;
  blockedURI: string;
  sourceFile: string;
  sample: string;
}

interface XssWindow {
  __xss?: unknown;
  __cspViolations: Violation[];
}

/** What the page reported from Node's side: CSP console messages and dialogs. */
interface Reports {
  csp: string[];
  dialogs: string[];
}

/**
 * A fresh page with the probes in place before any app script: a `securitypolicyviolation`
 * collector on the document (detached elements report there too) and console/dialog listeners.
 */
async function probedPage(): Promise<{ page: Page; reports: Reports }> {
  const page = await browser.newPage();
  const reports: Reports = { csp: [], dialogs: [] };
  await page.addInitScript(() => {
    const probe = window as unknown as XssWindow;
    probe.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      probe.__cspViolations.push({
        directive: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sourceFile: event.sourceFile,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.csp.push(message.text());
  });
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      void dialog.accept();
      return;
    }
    reports.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { page, reports };
}

/**
 * Lets anything the render started finish: every image on the page (connected ones) has loaded
 * or failed, then one macrotask and two frames pass, so their error events and violation
 * reports have been dispatched. Waits on conditions, not on a clock.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), 0);
      }),
  );
}

/** No CSP report, no payload ran, no dialog. */
async function expectNothingRan(page: Page, reports: Reports) {
  await settle(page);
  const state = await page.evaluate(() => {
    const probe = window as unknown as XssWindow;
    return { violations: probe.__cspViolations, xss: probe.__xss };
  });
  expect(reports.csp).toEqual([]);
  expect(state.violations).toEqual([]);
  expect(state.xss).toBeUndefined();
  expect(reports.dialogs).toEqual([]);
}

/** The rendered corpus: safe text, math, the diagram and highlighted code all there. */
async function expectCorpusRendered(view: Locator) {
  await view.getByRole('heading', { name: 'XSS corpus' }).waitFor();
  for (const text of [
    'safe-text-alpha',
    'details-safe-text',
    'js-link',
    'js-anchor',
    'data-link',
    'web-link',
    'safe-text-omega',
  ]) {
    await view.getByText(text).first().waitFor();
  }
  await view.locator('.katex').first().waitFor();
  // Both diagrams drawn (a failed one would show its error state and never get here).
  await view.locator('[data-pp-mermaid][data-state="ready"]').nth(1).waitFor();
  const diagrams = (await view.locator('[data-pp-mermaid]').allTextContents()).join(' ');
  for (const text of ['diagram-safe-text', 'sequence-safe-text', 'note-safe-text']) {
    expect(diagrams).toContain(text);
  }
  await view.locator('pre.shiki', { hasText: 'shiki-safe-text' }).waitFor();
  await view.locator(':scope:not([aria-busy])').waitFor();
  await expectInertMarkup(view);
}

/** Nothing active left in the rendered markup: handlers, script, frames, forms, unsafe URLs. */
async function expectInertMarkup(view: Locator) {
  const found = await view.evaluate((root) => {
    const problems: string[] = [];
    for (const element of Array.from(root.querySelectorAll('*'))) {
      const tag = element.localName;
      if (['script', 'iframe', 'object', 'embed', 'form', 'base', 'meta'].includes(tag)) {
        problems.push(`<${tag}>`);
      }
      for (const attribute of Array.from(element.attributes)) {
        const name = attribute.name.toLowerCase();
        // eslint-disable-next-line no-control-regex -- what browsers ignore inside and around URLs
        const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
        if (['srcdoc', 'action', 'formaction'].includes(name)) problems.push(`${tag}[${name}]`);
        if (/^(javascript|vbscript|data:text|data:image\/svg)/.test(value)) {
          problems.push(`${tag}[${name}=${attribute.value}]`);
        }
      }
    }
    for (const link of Array.from(root.querySelectorAll('a[href]'))) {
      const href = link.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:|#)/i.test(href)) problems.push(`a[href=${href}]`);
      if (/^https?:/i.test(href) && link.getAttribute('rel') !== 'noopener noreferrer') {
        problems.push(`a[href=${href}] without rel`);
      }
    }
    return problems;
  });
  expect(found).toEqual([]);
}

async function pasteViaApi(content: string): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/api/paste`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await adminToken()}`,
    },
    body: JSON.stringify({ content }),
  });
  if (res.status !== 201) throw new Error(`paste: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { slug: string } }).data.slug;
}

async function uploadViaApi(name: string, mimeType: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: mimeType }), name);
  const res = await fetch(`${inject('baseUrl')}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { slug: string } }).data.slug;
}

/** Runs one export from the paste page's menu and returns the downloaded file's path. */
async function exportAs(page: Page, item: string): Promise<string> {
  await page.getByRole('button', { name: 'Export' }).click();
  const failed = page
    .getByText('Export failed')
    .waitFor({ timeout: 0 })
    .then(() => Promise.reject(new Error(`export "${item}" failed`)));
  const [download] = await Promise.all([
    Promise.race([page.waitForEvent('download', { timeout: 0 }), failed]),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return download.path();
}

describe('an XSS corpus never runs and never reaches the live page unsanitised', () => {
  it('on a shared paste, and in its HTML and PNG exports', async () => {
    const slug = await pasteViaApi(CORPUS);
    const { page, reports } = await probedPage();
    await page.goto(`/paste/${slug}`);
    const view = page.getByTestId('markdown-view');
    await expectCorpusRendered(view);
    await expectNothingRan(page, reports);

    const html = await readFile(await exportAs(page, 'Web page (.html)'), 'utf8');
    expect(html).toContain('safe-text-omega');
    // Parsed in an inert document: the exported markup carries nothing active either.
    const exported = await page.evaluate((markup) => {
      const doc = new DOMParser().parseFromString(markup, 'text/html');
      const problems: string[] = [];
      for (const element of Array.from(doc.querySelectorAll('*'))) {
        if (['script', 'iframe', 'object', 'embed', 'form'].includes(element.localName)) {
          problems.push(element.localName);
        }
        for (const attribute of Array.from(element.attributes)) {
          if (attribute.name.toLowerCase().startsWith('on')) problems.push(attribute.name);
          if (/^\s*(javascript|data:text)/i.test(attribute.value)) problems.push(attribute.value);
        }
      }
      return problems;
    }, html);
    expect(exported).toEqual([]);

    const png = await readFile(await exportAs(page, 'Image (.png)'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    await expectNothingRan(page, reports);
  });

  it("in a .md file's preview", async () => {
    const slug = await uploadViaApi('corpus.md', 'text/markdown', CORPUS);
    const { page, reports } = await probedPage();
    await page.goto(`/file/${slug}`);
    await page.getByTestId('page-title').filter({ hasText: 'corpus.md' }).waitFor();
    await expectCorpusRendered(page.getByTestId('markdown-view'));
    await expectNothingRan(page, reports);
  });

  it("in an .html file's source view", async () => {
    const slug = await uploadViaApi('corpus.html', 'text/html', HTML_FILE);
    const { page, reports } = await probedPage();
    await page.goto(`/file/${slug}`);
    const view = page.getByTestId('markdown-view');
    await view.locator('pre.shiki', { hasText: 'html-file-heading' }).waitFor();
    expect(await view.textContent()).toContain('<script>window.__xss=34</script>');
    await expectInertMarkup(view);
    await expectNothingRan(page, reports);

    // The rendered page is the author's own HTML, in a frame sandboxed without scripts.
    await page.getByRole('tab', { name: 'Rendered' }).click();
    await page
      .frameLocator('iframe[title="Rendered HTML page"]')
      .getByRole('heading', { name: 'html-file-heading' })
      .waitFor();
    await expectNothingRan(page, reports);
  });

  it("in Home's live preview while it is typed", async () => {
    const { page, reports } = await probedPage();
    await loginAsAdmin(page);
    await page.goto('/');
    const editor = page.getByRole('textbox', { name: 'Text to share' });
    await editor.click();
    // Key by key, so the preview also renders the half-typed tags in between.
    await page.keyboard.type(TYPED_PART);
    const preview = page.getByTestId('home-preview');
    await preview.getByText('details-safe-text').waitFor();
    await page.keyboard.insertText(REST);
    await expectCorpusRendered(preview.getByTestId('markdown-view'));
    await expectNothingRan(page, reports);
  });
});

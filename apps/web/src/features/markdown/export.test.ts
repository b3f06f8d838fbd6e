import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeBaseName } from './download';
import {
  downloadHtml,
  downloadMarkdown,
  isCaptured,
  PRINT_HIDE_ATTRIBUTE,
  printDocument,
} from './export';
import { buildStandaloneHtml } from './export-html';

interface Download {
  name: string;
  blob: Blob;
}

let downloads: Download[] = [];
let blobs: Blob[] = [];

beforeEach(() => {
  downloads = [];
  blobs = [];
  // jsdom has no object URLs and does not navigate on download links: record both instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const index = Number(this.href.split('/').pop()) - 1;
    downloads.push({ name: this.download, blob: blobs[index] as Blob });
  });
});

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no download'));
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

function renderedElement(html: string): HTMLElement {
  const element = document.createElement('div');
  element.className = 'pp-markdown';
  element.innerHTML = html;
  return element;
}

describe('downloadMarkdown', () => {
  it('downloads the source as a UTF-8 .md file', async () => {
    downloadMarkdown('# 标题\n\ntext', 'my/paste:1');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toBe('my-paste-1.md');
    expect(downloads[0]?.blob.type).toBe('text/markdown;charset=utf-8');
    expect(await readText(downloads[0]?.blob)).toBe('# 标题\n\ntext');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

describe('downloadHtml', () => {
  it('downloads a standalone document without scripts or our UI', async () => {
    const element = renderedElement(
      '<h1>Title</h1><div class="code-block"><pre><code>x</code></pre><button data-pp-ui="">Copy</button></div>',
    );
    downloadHtml(element, 'Report <script>alert(1)</script> & "more"', 'report');
    expect(downloads[0]?.name).toBe('report.html');
    const html = await readText(downloads[0]?.blob);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('script')).toBeNull();
    expect(html).not.toMatch(/<script/i);
    expect(doc.title).toBe('Report <script>alert(1)</script> & "more"');
    expect(html).toContain(
      '<title>Report &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;</title>',
    );
    const csp = doc
      .querySelector('meta[http-equiv="Content-Security-Policy"]')
      ?.getAttribute('content');
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src/);
    // Elements of a DOMParser document fail jest-dom's same-realm checks: plain reads instead.
    expect(doc.querySelector('meta[charset]')?.getAttribute('charset')).toBe('utf-8');
    expect(doc.querySelector('main.pp-markdown h1')?.textContent).toBe('Title');
    expect(doc.querySelector('button, [data-pp-ui]')).toBeNull();
    expect(doc.querySelector('style')?.textContent).toContain('.katex-html');
  });

  it('keeps the language of the page', () => {
    const html = buildStandaloneHtml(renderedElement('<p>x</p>'), 't', 'zh-CN');
    expect(html).toContain('<html lang="zh-CN">');
  });
});

describe('print', () => {
  it('opens the print dialog and names the attribute that hides page chrome', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    printDocument();
    expect(print).toHaveBeenCalledTimes(1);
    expect(PRINT_HIDE_ATTRIBUTE).toBe('data-print-hide');
  });
});

describe('isCaptured (what the PNG shows)', () => {
  it('leaves out our UI and images the sanitiser left without a source, keeps the rest', () => {
    const root = renderedElement(
      '<p>text</p><img alt="unsafe source dropped"><img src="" alt="empty">' +
        '<img src="https://example.com/a.png" alt="web"><button data-pp-ui="">Copy</button>',
    );
    const kept = Array.from(root.childNodes).filter(isCaptured);
    expect(kept.map((node) => (node as Element).outerHTML)).toEqual([
      '<p>text</p>',
      '<img src="https://example.com/a.png" alt="web">',
    ]);
    expect(isCaptured(document.createTextNode('x'))).toBe(true);
  });
});

describe('safeBaseName', () => {
  it.each([
    ['paste', 'paste'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a:b*c?"d"<e>|f', 'a-b-c-d-e-f'],
    ['   ', 'paste'],
    ['中文名', '中文名'],
  ])('%j → %j', (input, expected) => {
    expect(safeBaseName(input)).toBe(expected);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarkdown } from '../render/render';

/**
 * The XSS corpus: every vector goes through the whole pipeline (markdown-it with raw HTML,
 * KaTeX, Shiki, DOMPurify, our hooks), and the result is parsed again the way React's
 * innerHTML will parse it, then checked by rules written independently of the sanitiser.
 */

const FORBIDDEN_ELEMENTS =
  'script, style, iframe, frame, frameset, object, embed, applet, form, button, select, textarea, ' +
  'base, meta, link, template, noscript, noembed, noframes, xmp, plaintext, foreignObject, ' +
  'annotation-xml, animate, set, use, portal, dialog';

const URL_ATTRIBUTES = new Set([
  'href', 'src', 'srcset', 'poster', 'cite', 'action', 'formaction', 'background', 'data',
  'codebase', 'longdesc', 'lowsrc', 'dynsrc', 'ping', 'xlink:href',
]); // prettier-ignore

function schemeOf(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- what browsers ignore inside and around URLs
  const cleaned = value.replace(/[\u0000-\u0020]/g, '');
  return /^([a-z][a-z\d+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
}

function urlAllowed(element: Element, name: string, value: string): boolean {
  const scheme = schemeOf(value);
  if (name === 'href' && element.localName === 'a') {
    return value.startsWith('#') || ['http', 'https', 'mailto'].includes(scheme ?? '');
  }
  if (name === 'src' && element.localName === 'img') {
    if (/^data:image\/(png|jpeg|jpg|gif|webp);base64,/i.test(value)) return true;
    return scheme === 'http' || scheme === 'https';
  }
  if (name === 'srcset') {
    return value
      .split(',')
      .every((part) => ['http', 'https'].includes(schemeOf(part.trim()) ?? ''));
  }
  if ((name === 'href' || name === 'xlink:href') && /^#[\w-]+$/.test(value)) return true;
  return scheme === 'http' || scheme === 'https';
}

/** Fails the test when the markup could run script or point somewhere it must not. */
function expectInert(html: string): void {
  const root = document.createElement('div');
  root.innerHTML = html;
  expect(root.querySelectorAll(FORBIDDEN_ELEMENTS)).toHaveLength(0);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      expect(name.startsWith('on'), `${name} on <${element.localName}>`).toBe(false);
      if (URL_ATTRIBUTES.has(name) || attribute.localName === 'href') {
        expect(urlAllowed(element, name, attribute.value), `${name}="${attribute.value}"`).toBe(
          true,
        );
      }
      if (name === 'style') {
        // Inline styles only on our renderers' output, never positioning or loading anything.
        expect(element.closest('.katex, .shiki'), `style on <${element.localName}>`).not.toBeNull();
        expect(attribute.value).not.toMatch(/url\(|expression|position|javascript/i);
      }
    }
    if (element.localName === 'input') {
      expect(element.getAttribute('type')).toBe('checkbox');
      expect(element.hasAttribute('disabled')).toBe(true);
    }
    if (element.localName === 'a' && element.getAttribute('target') === '_blank') {
      expect(element.getAttribute('rel')).toBe('noopener noreferrer');
    }
  }
}

const VECTORS: [string, string][] = [
  ['script tag', '<script>alert(1)</script>'],
  ['script in markdown paragraph', 'Hello <script>alert(1)</script> world'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror with valid src', '<img src="https://example.com/a.png" onerror="alert(1)">'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  [
    'svg animate href',
    '<svg><a><animate attributeName=href values=javascript:alert(1) /><text x=20 y=20>X</text></a></svg>',
  ],
  [
    'svg use data',
    '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgb25sb2FkPSdhbGVydCgxKSc+PC9zdmc+#x"/></svg>',
  ],
  ['svg xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['math mglyph style mutation', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  [
    'math mtext namespace confusion',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>"></style></h1>',
  ],
  [
    'form math mutation',
    '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
  ],
  [
    'annotation-xml',
    '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
  ],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['iframe javascript src', '<iframe src="javascript:alert(1)"></iframe>'],
  ['object data', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  ['a javascript href', '<a href="javascript:alert(1)">x</a>'],
  ['a entity-encoded javascript', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['a hex entity javascript', '<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>'],
  ['a leading space javascript', '<a href=" javascript:alert(1)">x</a>'],
  ['a tab inside javascript', '<a href="java&#9;script:alert(1)">x</a>'],
  ['a newline inside javascript', '<a href="java\nscript:alert(1)">x</a>'],
  ['a control char before javascript', '<a href="&#1;javascript:alert(1)">x</a>'],
  ['markdown link javascript', '[x](javascript:alert(1))'],
  ['markdown link mixed case', '[x](JaVaScRiPt:alert(1))'],
  ['markdown link entity', '[x](&#106;avascript:alert(1))'],
  ['markdown link tab', '[x](java\tscript:alert(1))'],
  ['markdown link data html', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['markdown link vbscript', '[x](vbscript:msgbox(1))'],
  ['markdown reference link', '[x][r]\n\n[r]: javascript:alert(1)'],
  ['markdown image svg data', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
  ['markdown image javascript', '![x](javascript:alert(1))'],
  ['autolink javascript', '<javascript:alert(1)>'],
  ['autolink vbscript', '<vbscript:msgbox(1)>'],
  ['button formaction', '<button formaction="javascript:alert(1)">x</button>'],
  ['form action', '<form action="javascript:alert(1)"><input type=submit></form>'],
  ['input image', '<input type="image" src="x" onerror="alert(1)">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['link import', '<link rel="import" href="https://evil.example/x.html">'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['style tag', '<style>body{background:url("javascript:alert(1)")}</style>'],
  ['style attribute expression', '<div style="width:expression(alert(1))">x</div>'],
  ['style attribute url', '<p style="background:url(javascript:alert(1))">x</p>'],
  ['style attribute overlay', '<div style="position:fixed;inset:0;z-index:9999">x</div>'],
  ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary></details>'],
  [
    'noscript title breakout',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ],
  ['unclosed tags', '<div><p><b><i><img src=x onerror=alert(1)'],
  ['nested broken attribute', '<img src="x" alt="`"><img src=x onerror=alert(1)>'],
  ['html comment trick', '<!--><img src=x onerror=alert(1)>-->'],
  ['comment breakout', '<!-- --!><img src=x onerror=alert(1)> -->'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['srcset javascript', '<img srcset="javascript:alert(1) 1x">'],
  [
    'picture source srcset',
    '<picture><source srcset="javascript:alert(1)"><img src="https://example.com/a.png"></picture>',
  ],
  ['video poster', '<video poster="javascript:alert(1)" src="javascript:alert(1)"></video>'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)></textarea>'],
  ['xmp', '<xmp><img src=x onerror=alert(1)></xmp>'],
  ['select keygen', '<select><keygen autofocus onfocus=alert(1)></select>'],
  ['autofocus onfocus', '<p contenteditable autofocus onfocus=alert(1)>x</p>'],
  ['dom clobbering', '<img name="getElementById"><a id="cookie" name="body">x</a>'],
  ['class spoofing', '<div class="mantine-Modal-overlay m_9814e45f katex">x</div>'],
  [
    'fake slot placeholder',
    '<span data-pp-slot="0000:0">x</span><div data-pp-index="0" style="position:fixed">y</div>',
  ],
  ['katex href', '$\\href{javascript:alert(1)}{x}$'],
  ['katex url', '$\\url{javascript:alert(1)}$'],
  ['katex htmlStyle', '$\\htmlStyle{position:fixed;top:0}{x}$'],
  ['katex includegraphics', '$$\\includegraphics{javascript:alert(1)}$$'],
  ['katex with html in tex', '$</annotation><img src=x onerror=alert(1)>$'],
  ['math fence html', '```math\n</annotation><img src=x onerror=alert(1)>\n```'],
  ['code fence html', '```ts\n</code><img src=x onerror=alert(1)>\n```'],
  ['code fence evil language', '```"><img src=x onerror=alert(1)>\ncode\n```'],
  ['mermaid click directive', '```mermaid\ngraph TD\nA-->B\nclick A "javascript:alert(1)"\n```'],
  [
    'mermaid init directive',
    '```mermaid\n%%{init: {"securityLevel": "loose", "themeCSS": "*{x:url(javascript:alert(1))}"}}%%\ngraph TD\nA["<img src=x onerror=alert(1)>"]\n```',
  ],
  ['footnote label html', 'x[^<img src=x onerror=alert(1)>]\n\n[^<img src=x onerror=alert(1)>]: y'],
  ['table cell html', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
  ['heading with html', '# <img src=x onerror=alert(1)> title'],
  ['task list html', '- [ ] <img src=x onerror=alert(1)>'],
  ['body onload', '<body onload=alert(1)>text'],
  ['input not checkbox', '<input type="text" value="x" onfocus="alert(1)" autofocus>'],
];

describe('XSS corpus', () => {
  const alert = vi.fn();
  afterEach(() => alert.mockClear());

  it('has a corpus of at least 40 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(VECTORS)('%s', async (_name, source) => {
    vi.stubGlobal('alert', alert);
    const { html } = await renderMarkdown(source);
    expectInert(html);
    // Mount it like the view does; nothing may call alert.
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    await new Promise((resolve) => setTimeout(resolve, 0));
    host.remove();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('what the sanitiser keeps', () => {
  it('keeps harmless author HTML but strips attributes and classes it does not know', async () => {
    const { html } = await renderMarkdown(
      '<details><summary>More</summary><p align="center" class="x footnotes" data-x="1" aria-hidden="true">hi</p></details>',
    );
    expect(html).toBe(
      '<details><summary>More</summary><p align="center" class="footnotes">hi</p></details>',
    );
  });

  it('keeps raster data images and web images, lazy and without referrer', async () => {
    const { html } = await renderMarkdown(
      '![a](https://example.com/a.png) ![b](data:image/png;base64,iVBORw0KGgo=)',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    const images = Array.from(root.querySelectorAll('img'));
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://example.com/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    expect(images[0]).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(images[0]).toHaveAttribute('loading', 'lazy');
  });

  it('turns a protocol-relative link into an explicit https link that opens in a new tab', async () => {
    const { html } = await renderMarkdown('<a href="//evil.example/x">x</a>');
    expect(html).toContain(
      '<a href="https://evil.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops relative links (the document has no base of its own)', async () => {
    const { html } = await renderMarkdown('[x](/admin) [y](other.md)');
    expect(html).toBe('<p><a>x</a> <a>y</a></p>\n');
  });
});

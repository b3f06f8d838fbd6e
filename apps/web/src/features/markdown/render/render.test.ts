import { describe, expect, it, vi } from 'vitest';
import { defaultLoaders, renderMarkdown, renderMarkdownNow, type RenderLoaders } from './render';

function parse(html: string): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

function spyLoaders(): RenderLoaders & {
  loadMath: ReturnType<typeof vi.fn<RenderLoaders['loadMath']>>;
  loadHighlighter: ReturnType<typeof vi.fn<RenderLoaders['loadHighlighter']>>;
} {
  return {
    loadMath: vi.fn(defaultLoaders.loadMath),
    loadHighlighter: vi.fn(defaultLoaders.loadHighlighter),
  };
}

describe('GitHub-flavoured Markdown', () => {
  it('renders tables, strikethrough and autolinks', async () => {
    const { html } = await renderMarkdown(
      '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n~~gone~~ see https://example.com/docs and mail me@example.com; README.md stays text',
    );
    const root = parse(html);
    expect(root.querySelectorAll('table th')).toHaveLength(2);
    expect(root.querySelector('td')).toHaveTextContent('1');
    expect(root.querySelector('s')).toHaveTextContent('gone');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/docs',
      'mailto:me@example.com',
    ]);
    expect(root.textContent).toContain('README.md stays text');
  });

  it('renders task lists as disabled checkboxes inside labels', async () => {
    const { html } = await renderMarkdown(
      '- [ ] write tests\n- [x] ship it\n- plain item\n- [y] not a task',
    );
    const root = parse(html);
    expect(root.querySelector('ul')).toHaveClass('contains-task-list');
    const boxes = Array.from(
      root.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox'),
    );
    expect(boxes.map((box) => [box.type, box.disabled, box.checked])).toEqual([
      ['checkbox', true, false],
      ['checkbox', true, true],
    ]);
    expect(boxes[0]?.closest('label')).toHaveTextContent('write tests');
    expect(root.querySelectorAll('li.task-list-item')).toHaveLength(2);
    expect(root.textContent).toContain('[y] not a task');
  });

  it('renders footnotes with in-page links both ways', async () => {
    const { html } = await renderMarkdown('Claim[^1].\n\n[^1]: The source.');
    const root = parse(html);
    const ref = root.querySelector('sup.footnote-ref a');
    expect(ref).toHaveAttribute('href', '#fn1');
    expect(ref).not.toHaveAttribute('target');
    expect(root.querySelector('#fn1')).toHaveTextContent('The source.');
    expect(root.querySelector('.footnote-backref')).toHaveAttribute('href', '#fnref1');
  });

  it('does not replace quotes or dashes (typographer off)', async () => {
    const { html } = await renderMarkdown('"quoted" -- (c)');
    expect(html).toBe('<p>"quoted" -- (c)</p>\n');
  });

  it('gives headings unique ids, keeping Chinese, and lists them', async () => {
    const result = await renderMarkdown(
      '# 你好，世界\n\n## Setup\n\n## Setup\n\ntext\n\n### Setup',
    );
    expect(result.headings).toEqual([
      { level: 1, text: '你好，世界', id: '你好世界' },
      { level: 2, text: 'Setup', id: 'setup' },
      { level: 2, text: 'Setup', id: 'setup-1' },
      { level: 3, text: 'Setup', id: 'setup-2' },
    ]);
    const root = parse(result.html);
    expect(root.querySelector('h1')).toHaveAttribute('id', '你好世界');
  });

  it('sends web links to a new tab without opener or referrer, keeps mailto and anchors in place', async () => {
    const { html } = await renderMarkdown(
      '[site](https://example.com) [mail](mailto:a@example.com) [jump](#setup)',
    );
    const [site, mail, jump] = Array.from(parse(html).querySelectorAll('a'));
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(mail).toHaveAttribute('href', 'mailto:a@example.com');
    expect(mail).not.toHaveAttribute('target');
    expect(jump).toHaveAttribute('href', '#setup');
    expect(jump).not.toHaveAttribute('target');
    expect(jump).not.toHaveAttribute('rel');
  });

  it('wraps code blocks for the copy button and makes them keyboard-scrollable', async () => {
    const { html } = await renderMarkdown('```\nplain <b>code</b>\n```\n\n    indented');
    const root = parse(html);
    const blocks = root.querySelectorAll('.code-block > pre[tabindex="0"] > code');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveTextContent('plain <b>code</b>');
    expect(root.querySelector('b')).toBeNull();
  });

  it('emits a placeholder with the escaped source for mermaid fences', async () => {
    const { html } = await renderMarkdown('```mermaid\ngraph TD\n  A-->B<script>\n```');
    const block = parse(html).querySelector('[data-pp-mermaid]');
    expect(block).toHaveClass('mermaid-block');
    expect(block?.querySelector('code')?.textContent).toBe('graph TD\n  A-->B<script>\n');
  });
});

describe('KaTeX (lazy)', () => {
  it('renders inline and display math with MathML and is loaded for it', async () => {
    const loaders = spyLoaders();
    const { html } = await renderMarkdown('Energy $E=mc^2$.\n\n$$\n\\int_0^1 x\\,dx\n$$', loaders);
    const root = parse(html);
    expect(loaders.loadMath).toHaveBeenCalledTimes(1);
    expect(root.querySelectorAll('.katex')).toHaveLength(2);
    expect(root.querySelector('.katex-display')).not.toBeNull();
    expect(root.querySelector('math annotation')).toHaveTextContent('E=mc^2');
    expect(root.querySelector('.katex-html [style]')).not.toBeNull();
  });

  it('is not loaded for a document without math', async () => {
    const loaders = spyLoaders();
    const { html } = await renderMarkdown('# Plain\n\nIt costs $5, no formulas.', loaders);
    expect(loaders.loadMath).not.toHaveBeenCalled();
    expect(html).not.toContain('katex');
  });

  it('shows errors inline instead of throwing', async () => {
    const { html } = await renderMarkdown('$\\frac{1}{$');
    expect(parse(html).querySelector('.katex-error')).not.toBeNull();
  });

  it('leaves math as text when KaTeX cannot be loaded', async () => {
    const loaders = spyLoaders();
    loaders.loadMath.mockRejectedValueOnce(new Error('offline'));
    const { html } = await renderMarkdown('$x$', loaders);
    expect(html).toBe('<p>$x$</p>\n');
  });

  it('uses the TeX source as the text of a heading with math', async () => {
    const { headings } = await renderMarkdown('## Proof of $a^2$');
    expect(headings[0]).toMatchObject({ text: 'Proof of a^2', id: 'proof-of-a2' });
  });
});

describe('Shiki (lazy)', () => {
  it('highlights a ts fence with both themes as CSS variables', async () => {
    const loaders = spyLoaders();
    const { html } = await renderMarkdown('```ts\nconst answer: number = 42;\n```', loaders);
    expect(loaders.loadHighlighter).toHaveBeenCalledWith(['ts']);
    const pre = parse(html).querySelector('.code-block > pre.shiki');
    expect(pre).not.toBeNull();
    expect(pre).toHaveTextContent('const answer: number = 42;');
    const token = Array.from(pre?.querySelectorAll('span[style]') ?? []).find(
      (span) => span.textContent === 'const',
    );
    expect(token?.getAttribute('style')).toMatch(
      /--shiki-light:#[0-9a-f]{6};--shiki-dark:#[0-9a-f]{6}/i,
    );
  });

  it('is not loaded for a document without fenced languages', async () => {
    const loaders = spyLoaders();
    await renderMarkdown('Some `inline code` and\n\n```\nan unnamed fence\n```', loaders);
    expect(loaders.loadHighlighter).not.toHaveBeenCalled();
  });

  it('falls back to plain escaped code for languages it does not know', async () => {
    const { html } = await renderMarkdown('```nosuchlanguage\n<b>x</b>\n```');
    const code = parse(html).querySelector('pre > code.language-nosuchlanguage');
    expect(code?.innerHTML).toBe('&lt;b&gt;x&lt;/b&gt;\n');
  });
});

describe('renderMarkdownNow', () => {
  it('renders small documents that need nothing lazy, like renderMarkdown does', async () => {
    const source = '# Title\n\n- [x] done\n\n```mermaid\ngraph TD\n```\n\n```text\nplain\n```';
    expect(renderMarkdownNow(source)).toEqual(await renderMarkdown(source));
  });

  it('declines documents with math, code to highlight, or a large size', () => {
    expect(renderMarkdownNow('$x$')).toBeUndefined();
    expect(renderMarkdownNow('```ts\nx\n```')).toBeUndefined();
    expect(renderMarkdownNow('word '.repeat(20_000))).toBeUndefined();
  });
});

describe('large documents', () => {
  it('renders a 1 MB document', async () => {
    const section = (n: number) =>
      `## Section ${n}\n\nSome **bold** text, a [link](https://example.com/${n}) and \`code\`.\n\n` +
      `- item one\n- item two\n\n| a | b |\n|---|---|\n| ${n} | x |\n\n> quote ${n}\n\n` +
      '```\nplain code block\n```\n\n' +
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8) +
      '\n\n';
    let source = '# Big\n\n';
    let count = 0;
    while (source.length < 1_000_000) source += section((count += 1));
    const result = await renderMarkdown(source);
    expect(result.headings).toHaveLength(count + 1);
    expect(result.headings.at(-1)?.id).toBe(`section-${count}`);
  });
});

import type { Mermaid } from 'mermaid';
import { describe, expect, it, vi } from 'vitest';
import { renderMermaidBlocks, type MermaidTexts } from './render-blocks';
import { sanitizeDiagramSvg, scopeDiagramStyles } from './sanitize-svg';

/*
 * Real Mermaid cannot lay out diagrams in jsdom (it measures text with getBBox and friends,
 * which jsdom lacks), so these tests drive the block renderer with a fake Mermaid that returns
 * hostile SVG. The e2e tests draw real diagrams in Chromium.
 */

const TEXTS: MermaidTexts = {
  loading: 'Drawing…',
  error: 'Could not draw',
  details: 'Why',
};

function hostileSvg(id: string): string {
  return (
    `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" style="max-width: 200px; position: fixed">` +
    `<style>#${id} .node rect{fill:#f9f;position:fixed} #${id} ~ p{display:none} body{display:none}` +
    ` @import url(https://evil.example/x.css); #${id}2 .x{fill:red}</style>` +
    '<script>alert(1)</script>' +
    '<g class="node" onclick="alert(1)"><rect width="10" height="10" style="fill:red;background:url(https://evil.example)"/>' +
    '<a xlink:href="javascript:alert(1)"><text>evil link</text></a>' +
    '<a href="https://example.com/docs"><text>good link</text></a>' +
    '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"><span>Label</span></div></foreignObject>' +
    '</g></svg>'
  );
}

function fakeMermaid(render: (id: string, source: string) => Promise<{ svg: string }>) {
  const initialize = vi.fn();
  const mermaid = { initialize, render: vi.fn(render) } as unknown as Mermaid;
  return { mermaid, initialize, render: mermaid.render as ReturnType<typeof vi.fn> };
}

function container(sources: string[]): HTMLDivElement {
  const root = document.createElement('div');
  for (const source of sources) {
    const block = document.createElement('div');
    block.className = 'mermaid-block';
    block.setAttribute('data-pp-mermaid', '');
    const code = document.createElement('code');
    code.textContent = source;
    const pre = document.createElement('pre');
    pre.append(code);
    block.append(pre);
    root.append(block);
  }
  document.body.append(root);
  return root;
}

describe('sanitizeDiagramSvg', () => {
  it('strips scripts, handlers and unsafe links but keeps the drawing and its labels', () => {
    const host = document.createElement('div');
    host.append(sanitizeDiagramSvg(hostileSvg('d1'), 'd1'));
    expect(host.querySelector('script')).toBeNull();
    expect(host.querySelector('[onclick], [onerror]')).toBeNull();
    expect(host.querySelector('rect')).toHaveAttribute('style', 'fill:red');
    expect(host.querySelector('svg')).toHaveAttribute('style', 'max-width:200px');
    const links = Array.from(host.querySelectorAll('a'));
    expect(links[0]?.getAttribute('xlink:href')).toBeNull();
    expect(links[1]).toHaveAttribute('href', 'https://example.com/docs');
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(host.textContent).toContain('Label');
  });

  it('drops label images left without a source, keeps web ones', () => {
    const host = document.createElement('div');
    const label = (image: string) =>
      `<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">${image}<span>L</span></div></foreignObject>`;
    host.append(
      sanitizeDiagramSvg(
        `<svg id="d4">${label('<img src="x">')}${label('<img src="https://example.com/a.png">')}</svg>`,
        'd4',
      ),
    );
    expect(Array.from(host.querySelectorAll('img'), (image) => image.getAttribute('src'))).toEqual([
      'https://example.com/a.png',
    ]);
    expect(host.textContent).toBe('LL');
  });

  it("keeps only the diagram's own style rules, minus unsafe declarations", () => {
    const host = document.createElement('div');
    host.append(sanitizeDiagramSvg(hostileSvg('d2'), 'd2'));
    const css = host.querySelector('style')?.textContent ?? '';
    expect(css).toContain('#d2 .node rect{fill:#f9f}');
    expect(css).not.toMatch(/position|display|body|@import|evil|#d22/);
  });

  it('drops a style element with nothing safe left', () => {
    const host = document.createElement('div');
    host.innerHTML = '<svg id="d3"><style>body{color:red}</style></svg>';
    scopeDiagramStyles(host, 'd3');
    expect(host.querySelector('style')).toBeNull();
  });
});

describe('renderMermaidBlocks', () => {
  it('draws each block with strict security and a theme following the colour scheme', async () => {
    const { mermaid, initialize, render } = fakeMermaid((id) =>
      Promise.resolve({ svg: hostileSvg(id) }),
    );
    const root = container(['graph TD\nA-->B']);
    await renderMermaidBlocks(root, {
      dark: true,
      texts: TEXTS,
      isCancelled: () => false,
      load: () => Promise.resolve(mermaid),
    });
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'dark',
        secure: expect.arrayContaining([
          'securityLevel',
          'themeCSS',
          'dompurifyConfig',
          'htmlLabels',
        ]) as unknown,
      }),
    );
    expect(render).toHaveBeenCalledWith(
      expect.stringMatching(/^pp-mermaid-\d+$/),
      'graph TD\nA-->B',
    );
    const block = root.querySelector('[data-pp-mermaid]');
    expect(block).toHaveAttribute('data-state', 'ready');
    expect(block?.querySelector('svg')).not.toBeNull();
    expect(block?.querySelector('script, [onclick]')).toBeNull();
    root.remove();
  });

  it('gives every drawing a unique id and reuses cached drawings without Mermaid', async () => {
    const { mermaid, render } = fakeMermaid((id) =>
      Promise.resolve({ svg: `<svg id="${id}"><text>x</text></svg>` }),
    );
    const load = vi.fn(() => Promise.resolve(mermaid));
    const options = { dark: false, texts: TEXTS, isCancelled: () => false, load };
    const first = container(['graph LR\nX-->Y', 'graph LR\nY-->Z']);
    await renderMermaidBlocks(first, options);
    const ids = Array.from(first.querySelectorAll('svg')).map((svg) => svg.id);
    expect(new Set(ids).size).toBe(2);

    const again = container(['graph LR\nX-->Y']);
    await renderMermaidBlocks(again, options);
    expect(render).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(again.querySelector('svg')).not.toBeNull();
    first.remove();
    again.remove();
  });

  it('shows a short message and the source when a diagram fails, and goes on with the others', async () => {
    const { mermaid } = fakeMermaid((id, source) =>
      source.includes('broken')
        ? Promise.reject(new Error('Parse error on line 1'))
        : Promise.resolve({ svg: `<svg id="${id}"><text>ok</text></svg>` }),
    );
    const root = container(['broken <img src=x onerror=alert(1)>', 'graph TD\nfine-->done']);
    await renderMermaidBlocks(root, {
      dark: false,
      texts: TEXTS,
      isCancelled: () => false,
      load: () => Promise.resolve(mermaid),
    });
    const [failed, drawn] = Array.from(root.querySelectorAll('[data-pp-mermaid]'));
    expect(failed).toHaveAttribute('data-state', 'error');
    expect(failed?.querySelector('[role="note"]')).toHaveTextContent('Could not draw');
    expect(failed?.querySelector('pre code')).toHaveTextContent(
      'broken <img src=x onerror=alert(1)>',
    );
    expect(failed?.querySelector('img')).toBeNull();
    expect(failed?.querySelector('details')).toHaveTextContent('Parse error on line 1');
    expect(drawn).toHaveAttribute('data-state', 'ready');
    root.remove();
  });

  it('reports a failed Mermaid download on every waiting block', async () => {
    const root = container(['graph TD\nload-->fails']);
    await renderMermaidBlocks(root, {
      dark: false,
      texts: TEXTS,
      isCancelled: () => false,
      load: () => Promise.reject(new Error('offline')),
    });
    expect(root.querySelector('[data-pp-mermaid]')).toHaveAttribute('data-state', 'error');
    root.remove();
  });

  it('leaves blocks alone once cancelled', async () => {
    const { mermaid } = fakeMermaid((id) => Promise.resolve({ svg: `<svg id="${id}"></svg>` }));
    const root = container(['graph TD\ncancel-->me']);
    await renderMermaidBlocks(root, {
      dark: false,
      texts: TEXTS,
      isCancelled: () => true,
      load: () => Promise.resolve(mermaid),
    });
    const block = root.querySelector('[data-pp-mermaid]');
    expect(block).toHaveAttribute('data-state', 'loading');
    expect(block).toHaveTextContent('Drawing…');
    root.remove();
  });
});

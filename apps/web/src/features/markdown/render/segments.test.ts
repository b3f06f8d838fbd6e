import { describe, expect, it } from 'vitest';
import { TrustedSlots } from '../sanitize/trusted-slots';
import type { RenderEnv } from './env';
import { getParser } from './parser';
import { renderMarkdown } from './render';
import { htmlDepthAfter, segmentTokens } from './segments';

describe('htmlDepthAfter', () => {
  it('counts elements left open by raw HTML', () => {
    expect(htmlDepthAfter(0, '<details><summary>More</summary>')).toBe(1);
    expect(htmlDepthAfter(1, '</details>')).toBe(0);
    expect(htmlDepthAfter(0, '<br><img src="a.png"><hr/><span/>')).toBe(0);
    expect(htmlDepthAfter(0, '<!-- <div> -->')).toBe(0);
    expect(htmlDepthAfter(0, '</div></div>')).toBe(0);
  });
});

function tokensOf(source: string) {
  const env: RenderEnv = { slots: new TrustedSlots(), highlighter: undefined, highlightBudget: 0 };
  return getParser(undefined).parse(source, env);
}

describe('segmentTokens', () => {
  it('cuts only between top-level blocks', () => {
    const source = Array.from(
      { length: 40 },
      (_, n) => `- item ${n}\n  - nested ${n}\n\npara ${n}`,
    ).join('\n\n');
    const segments = segmentTokens(tokensOf(source), { min: 100, max: 300, divisor: 4 });
    expect(segments.length).toBeGreaterThan(3);
    for (const segment of segments) {
      expect(segment.reduce((depth, token) => depth + token.nesting, 0)).toBe(0);
    }
    expect(segments.flat()).toEqual(
      tokensOf(source).map((token) => expect.objectContaining({ type: token.type }) as unknown),
    );
  });

  it('keeps raw HTML that wraps Markdown in one segment', () => {
    const inside = Array.from({ length: 30 }, (_, n) => `paragraph ${n} inside`).join('\n\n');
    const source = `<details>\n<summary>More</summary>\n\n${inside}\n\n</details>\n\nafter`;
    const segments = segmentTokens(tokensOf(source), { min: 20, max: 50, divisor: 2 });
    const opening = segments.findIndex((segment) =>
      segment.some((token) => token.content.includes('<details>')),
    );
    const closing = segments.findIndex((segment) =>
      segment.some((token) => token.content.includes('</details>')),
    );
    expect(opening).toBe(closing);
  });

  it('keeps later cuts in place when an early block changes length', () => {
    const blocks = Array.from({ length: 400 }, (_, n) => `Paragraph number ${n} with some text.`);
    const sizes = { min: 200, max: 2_000, divisor: 8 };
    const firstWords = (segments: ReturnType<typeof segmentTokens>) =>
      segments.map((segment) => segment.find((token) => token.type === 'inline')?.content);
    const before = firstWords(segmentTokens(tokensOf(blocks.join('\n\n')), sizes));
    const edited = ['A much, much longer first paragraph than before.', ...blocks.slice(1)];
    const after = firstWords(segmentTokens(tokensOf(edited.join('\n\n')), sizes));
    expect(before.length).toBeGreaterThan(5);
    expect(after.slice(-5)).toEqual(before.slice(-5));
  });

  it('gives a single segment to an empty document', () => {
    expect(segmentTokens(tokensOf(''))).toEqual([[]]);
  });
});

describe('segmented rendering', () => {
  it('renders a long document in segments that read as one', async () => {
    const body = Array.from(
      { length: 1200 },
      (_, n) => `## Part ${n % 3}\n\nSee [the docs][docs] and note[^${n}].\n\n[^${n}]: Note ${n}.`,
    ).join('\n\n');
    const result = await renderMarkdown(`${body}\n\n[docs]: https://example.com/docs\n`);
    expect(result.segments.length).toBeGreaterThan(1);
    expect(result.html).toBe(result.segments.join(''));

    const root = document.createElement('div');
    root.innerHTML = result.html;
    // References and footnotes are resolved across segment boundaries.
    const docsLinks = Array.from(root.querySelectorAll('a')).filter(
      (link) => link.textContent === 'the docs',
    );
    expect(docsLinks).toHaveLength(1200);
    expect(
      docsLinks.every((link) => link.getAttribute('href') === 'https://example.com/docs'),
    ).toBe(true);
    expect(root.querySelectorAll('section.footnotes li')).toHaveLength(1200);
    // Heading ids are unique over the whole document.
    const ids = Array.from(root.querySelectorAll('h2')).map((heading) => heading.id);
    expect(new Set(ids).size).toBe(1200);
    expect(result.headings.map((heading) => heading.id)).toEqual(ids);
  });

  it('stops when aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(renderMarkdown('# x', undefined, abort.signal)).rejects.toThrow();
  });
});

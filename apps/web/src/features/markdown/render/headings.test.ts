import { describe, expect, it } from 'vitest';
import type { RenderEnv } from './env';
import { HEADING_ID_ATTRIBUTE, SlugRegistry, slugify } from './headings';
import { getParser } from './parser';
import { TrustedSlots } from '../sanitize/trusted-slots';

describe('slugify', () => {
  it.each([
    ['Hello World', 'hello-world'],
    ['  Trim me  ', 'trim-me'],
    ['What’s new? (v2.0)', 'whats-new-v20'],
    ['中文 标题', '中文-标题'],
    ['snake_case and-kebab', 'snake_case-and-kebab'],
    ['Ünïcödé', 'ünïcödé'],
    ['!!!', 'section'],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('SlugRegistry', () => {
  it('numbers repeats', () => {
    const registry = new SlugRegistry();
    expect(['a', 'a', 'a', 'a-1'].map((slug) => registry.unique(slug))).toEqual([
      'a',
      'a-1',
      'a-2',
      'a-1-1',
    ]);
  });
});

describe('heading ids on tokens', () => {
  function parse(source: string) {
    const env: RenderEnv = {
      slots: new TrustedSlots(),
      highlighter: undefined,
      highlightBudget: 0,
    };
    const tokens = getParser(undefined).parse(source, env);
    return { env, tokens };
  }

  it('lists level, readable text and unique id of each Markdown heading, in order', () => {
    const { env, tokens } = parse(
      '# Title\n\n### Sub *part* `code` ![alt](https://x.example/a.png)\n\nSetext\n======\n\n## Title\n\n<h2>raw html</h2>',
    );
    expect(env.headings).toEqual([
      { level: 1, text: 'Title', id: 'title' },
      { level: 3, text: 'Sub part code alt', id: 'sub-part-code-alt' },
      { level: 1, text: 'Setext', id: 'setext' },
      { level: 2, text: 'Title', id: 'title-1' },
    ]);
    expect(
      tokens.find((token) => token.type === 'heading_open')?.attrGet(HEADING_ID_ATTRIBUTE),
    ).toBe('title');
  });

  it('leaves raw HTML out of the text', () => {
    const { env } = parse('## <img src=x> Install <kbd>npm</kbd>');
    expect(env.headings?.[0]).toMatchObject({ text: 'Install npm', id: 'install-npm' });
  });
});

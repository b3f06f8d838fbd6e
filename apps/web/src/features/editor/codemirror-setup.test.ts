import { highlightTree, tagHighlighter, tags } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { editorMarkdownLanguage, tableHeaderTag } from './codemirror-setup';

/** The highlighted spans of `doc` as [text, class] pairs. */
function highlighted(doc: string): [string, string][] {
  const highlighter = tagHighlighter([
    { tag: tableHeaderTag, class: 'table-header' },
    { tag: tags.heading, class: 'heading' },
  ]);
  const spans: [string, string][] = [];
  highlightTree(editorMarkdownLanguage.parser.parse(doc), highlighter, (from, to, cls) =>
    spans.push([doc.slice(from, to), cls]),
  );
  return spans;
}

describe('editor Markdown highlighting', () => {
  it('styles a table header row as a table header, not as a heading', () => {
    const spans = highlighted('| Name | Size |\n| --- | --- |\n| a.txt | 1 KB |\n');
    expect(spans.filter(([, cls]) => cls === 'heading')).toEqual([]);
    expect(spans.filter(([, cls]) => cls === 'table-header').map(([text]) => text)).toEqual(
      expect.arrayContaining([expect.stringContaining('Name')]),
    );
    expect(spans.some(([text]) => text.includes('a.txt'))).toBe(false);
  });

  it('still styles real headings as headings', () => {
    expect(highlighted('# Title\n')).toContainEqual(['# Title', 'heading']);
  });
});

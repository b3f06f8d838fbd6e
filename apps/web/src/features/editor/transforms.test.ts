import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  cycleHeading,
  insertCodeBlock,
  insertHorizontalRule,
  insertMath,
  insertTable,
  mapPosition,
  toggleBold,
  toggleBulletList,
  toggleInlineCode,
  toggleItalic,
  toggleLink,
  toggleNumberedList,
  toggleQuote,
  toggleStrikethrough,
  toggleTaskList,
  touchedLines,
  type MarkdownTransform,
} from './transforms';

/**
 * Runs a transform on a document written with « » around the selection (or ‸ for a cursor) and
 * returns the new document written the same way. (Not [ ] or |: Markdown uses those.)
 */
function run(transform: MarkdownTransform, marked: string): string {
  const { doc, selection } = parse(marked);
  const result = transform(doc, selection);
  return mark(applyChanges(doc, result.changes), result.selection.from, result.selection.to);
}

function parse(marked: string) {
  const cursorAt = marked.indexOf('‸');
  if (cursorAt !== -1) {
    return { doc: marked.replace('‸', ''), selection: { from: cursorAt, to: cursorAt } };
  }
  const from = marked.indexOf('«');
  const to = marked.indexOf('»') - 1;
  return { doc: marked.replace('«', '').replace('»', ''), selection: { from, to } };
}

function mark(doc: string, from: number, to: number): string {
  if (from === to) return `${doc.slice(0, from)}‸${doc.slice(from)}`;
  return `${doc.slice(0, from)}«${doc.slice(from, to)}»${doc.slice(to)}`;
}

describe('inline marks', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(run(toggleBold, 'say «hello» now')).toBe('say **«hello»** now');
    expect(run(toggleItalic, 'say «hello» now')).toBe('say _«hello»_ now');
    expect(run(toggleStrikethrough, '«gone»')).toBe('~~«gone»~~');
    expect(run(toggleInlineCode, 'run «npm test»')).toBe('run `«npm test»`');
  });

  it('unwraps a selection that sits just inside the marks', () => {
    expect(run(toggleBold, 'say **«hello»** now')).toBe('say «hello» now');
    expect(run(toggleStrikethrough, '~~«gone»~~')).toBe('«gone»');
  });

  it('unwraps a selection that includes the marks', () => {
    expect(run(toggleBold, 'say «**hello**» now')).toBe('say «hello» now');
  });

  it('puts the cursor between new marks when nothing is selected', () => {
    expect(run(toggleBold, 'a ‸b')).toBe('a **‸**b');
    expect(run(toggleInlineCode, '‸')).toBe('`‸`');
  });

  it('leaves surrounding spaces outside the marks', () => {
    expect(run(toggleBold, 'a« word »b')).toBe('a **«word»** b');
  });
});

describe('links', () => {
  it('links selected text and selects the address to type over', () => {
    expect(run(toggleLink, 'see «docs» here')).toBe('see [docs](«https://») here');
  });

  it('uses a selected address as the target, cursor in the text', () => {
    expect(run(toggleLink, '«https://example.com»')).toBe('[‸](https://example.com)');
  });

  it('inserts an empty link at the cursor', () => {
    expect(run(toggleLink, 'x ‸')).toBe('x [‸](https://)');
  });

  it('turns a selected link back into its text', () => {
    expect(run(toggleLink, '«[docs](https://a.b)»')).toBe('«docs»');
  });
});

describe('line prefixes', () => {
  it('finds the lines a selection touches, not the one it ends at the start of', () => {
    expect(touchedLines('a\nb\nc', { from: 0, to: 4 }).map((l) => l.text)).toEqual(['a', 'b']);
    expect(touchedLines('a\nb\nc', { from: 3, to: 3 }).map((l) => l.text)).toEqual(['b']);
  });

  it('makes a bulleted list and back', () => {
    expect(run(toggleBulletList, '«one\ntwo»')).toBe('- «one\n- two»');
    expect(run(toggleBulletList, '- «one\n- two»')).toBe('«one\ntwo»');
  });

  it('numbers lines in order and skips blank lines', () => {
    expect(run(toggleNumberedList, '«a\n\nb\nc»')).toBe('1. «a\n\n2. b\n3. c»');
  });

  it('switches one kind of list to another, keeping the indentation', () => {
    expect(run(toggleTaskList, '- one\n  - «two»')).toBe('- one\n  - [ ] «two»');
    expect(run(toggleBulletList, '1. «a\n2. b»')).toBe('- «a\n- b»');
  });

  it('moves a cursor at the line start past the new marker', () => {
    expect(run(toggleBulletList, '‸item')).toBe('- ‸item');
    expect(run(toggleTaskList, 'x\n‸')).toBe('x\n- [ ] ‸');
  });

  it('quotes every line, blank ones with a bare >, and unquotes', () => {
    expect(run(toggleQuote, '«a\n\nb»')).toBe('> «a\n>\n> b»');
    expect(run(toggleQuote, '> «a\n>\n> b»')).toBe('«a\n\nb»');
  });

  it('cycles headings 1, 2, 3 and back to a paragraph', () => {
    expect(run(cycleHeading, 'Ti‸tle')).toBe('# Ti‸tle');
    expect(run(cycleHeading, '# Ti‸tle')).toBe('## Ti‸tle');
    expect(run(cycleHeading, '## Ti‸tle')).toBe('### Ti‸tle');
    expect(run(cycleHeading, '### Ti‸tle')).toBe('Ti‸tle');
  });
});

describe('block templates', () => {
  it('fences the selection as its own block, cursor for the language', () => {
    expect(run(insertCodeBlock, 'intro\n«let x = 1;»\nend')).toBe(
      'intro\n\n```‸\nlet x = 1;\n```\n\nend',
    );
  });

  it('inserts an empty code block with the cursor inside', () => {
    expect(run(insertCodeBlock, 'text‸')).toBe('text\n\n```\n‸\n```\n');
  });

  it('inserts a table after the selection, cursor in the first header cell', () => {
    expect(run(insertTable, '‸')).toBe('| ‸ |  |\n| --- | --- |\n|  |  |\n');
    expect(run(insertTable, 'keep «this»')).toBe('keep this\n\n| ‸ |  |\n| --- | --- |\n|  |  |\n');
  });

  it('separates a horizontal rule from the text around it', () => {
    expect(run(insertHorizontalRule, 'para‸\nnext')).toBe('para\n\n---\n‸\nnext');
    expect(run(insertHorizontalRule, 'para\n\n‸')).toBe('para\n\n---\n‸');
  });

  it('makes one-line math inline and anything else a display block', () => {
    expect(run(insertMath, 'area «\\pi r^2»')).toBe('area $«\\pi r^2»$');
    expect(run(insertMath, '‸')).toBe('$$\n‸\n$$\n');
    expect(run(insertMath, '«a\nb»')).toBe('$$\na\nb‸\n$$\n');
  });
});

describe('mapPosition', () => {
  const changes = [{ from: 2, to: 2, insert: 'xx' }];
  it('moves positions after an insertion and honours assoc at it', () => {
    expect(mapPosition(1, changes)).toBe(1);
    expect(mapPosition(2, changes, 1)).toBe(4);
    expect(mapPosition(2, changes, -1)).toBe(2);
    expect(mapPosition(5, changes)).toBe(7);
  });

  it('puts a position inside a deleted range at its start', () => {
    expect(mapPosition(3, [{ from: 2, to: 5, insert: '' }])).toBe(2);
  });
});

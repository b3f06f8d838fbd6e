/**
 * The toolbar's Markdown formatting as pure functions over the document text and the selection,
 * so every rule is unit-tested without an editor. Changes are in the coordinates of the old
 * document (sorted, non-overlapping, as CodeMirror takes them in one transaction); the selection
 * is in the coordinates of the new document.
 */

/** A selection as document offsets, `from` ≤ `to`. */
export interface TextRange {
  from: number;
  to: number;
}

/** Replace `from`..`to` of the old document with `insert`. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/** What a transform does: the edits and where the selection ends up afterwards. */
export interface TransformResult {
  changes: TextChange[];
  selection: TextRange;
}

/** A formatting command. */
export type MarkdownTransform = (doc: string, selection: TextRange) => TransformResult;

/**
 * Where `pos` lands after `changes`. `assoc` > 0 keeps it after text inserted exactly at it
 * (a cursor at a line start moves past a new list marker), otherwise before.
 */
export function mapPosition(pos: number, changes: readonly TextChange[], assoc = 1): number {
  let delta = 0;
  for (const change of changes) {
    const replaced = change.to - change.from;
    const before = change.to < pos || (change.to === pos && (change.from < pos || assoc > 0));
    if (before) {
      delta += change.insert.length - replaced;
      continue;
    }
    if (change.from < pos) return change.from + delta + (assoc > 0 ? change.insert.length : 0);
    break;
  }
  return pos + delta;
}

// ── inline marks ────────────────────────────────────────────────────────────

/**
 * Wraps the selection in `marker` (e.g. `**`), or unwraps it when the selection already is, or
 * sits just inside, such a pair. Surrounding spaces stay outside the marks: `** bold **` is not
 * bold in Markdown.
 */
export function toggleInline(marker: string): MarkdownTransform {
  const size = marker.length;
  return (doc, { from, to }) => {
    const selected = doc.slice(from, to);
    if (selected.length >= 2 * size && selected.startsWith(marker) && selected.endsWith(marker)) {
      return {
        changes: [
          { from, to: from + size, insert: '' },
          { from: to - size, to, insert: '' },
        ],
        selection: { from, to: to - 2 * size },
      };
    }
    if (
      from >= size &&
      doc.slice(from - size, from) === marker &&
      doc.slice(to, to + size) === marker
    ) {
      return {
        changes: [
          { from: from - size, to: from, insert: '' },
          { from: to, to: to + size, insert: '' },
        ],
        selection: { from: from - size, to: to - size },
      };
    }
    const lead = selected.length - selected.trimStart().length;
    const inner = selected.trim();
    const start = inner === '' ? to : from + lead;
    const end = start + inner.length;
    return {
      changes: [
        { from: start, to: start, insert: marker },
        { from: end, to: end, insert: marker },
      ],
      selection: { from: start + size, to: end + size },
    };
  };
}

export const toggleBold = toggleInline('**');
// Underscores, not asterisks, so italic never confuses itself with the `**` of bold.
export const toggleItalic = toggleInline('_');
export const toggleStrikethrough = toggleInline('~~');
export const toggleInlineCode = toggleInline('`');

const LINK = /^\[([^\]]*)\]\(([^)]*)\)$/;
const URL_LIKE = /^(https?:\/\/|mailto:)\S+$/i;
const URL_PLACEHOLDER = 'https://';

/**
 * Makes the selection a link. Selected text becomes the link text with `https://` selected for
 * the address; a selected address becomes the target with the cursor in the empty text; a
 * selected link is turned back into its text.
 */
export const toggleLink: MarkdownTransform = (doc, { from, to }) => {
  const selected = doc.slice(from, to);
  const existing = LINK.exec(selected);
  if (existing) {
    const text = existing[1] ?? '';
    return { changes: [{ from, to, insert: text }], selection: { from, to: from + text.length } };
  }
  if (URL_LIKE.test(selected.trim())) {
    return {
      changes: [{ from, to, insert: `[](${selected.trim()})` }],
      selection: { from: from + 1, to: from + 1 },
    };
  }
  const insert = `[${selected}](${URL_PLACEHOLDER})`;
  if (selected === '') return { changes: [{ from, to, insert }], selection: cursor(from + 1) };
  const urlStart = from + selected.length + 3;
  return {
    changes: [{ from, to, insert }],
    selection: { from: urlStart, to: urlStart + URL_PLACEHOLDER.length },
  };
};

// ── line prefixes ───────────────────────────────────────────────────────────

interface Line {
  from: number;
  text: string;
}

/** The lines a selection touches; a selection ending at a line start leaves that line out. */
export function touchedLines(doc: string, { from, to }: TextRange): Line[] {
  const last = to > from && doc[to - 1] === '\n' ? to - 1 : to;
  let start = doc.lastIndexOf('\n', from - 1) + 1;
  const lines: Line[] = [];
  for (;;) {
    const newline = doc.indexOf('\n', start);
    const end = newline === -1 ? doc.length : newline;
    lines.push({ from: start, text: doc.slice(start, end) });
    if (newline === -1 || end >= last) break;
    start = end + 1;
  }
  return lines;
}

const isBlank = (line: Line) => line.text.trim() === '';

/** Lines to format: blank lines in a multi-line selection are left alone. */
function linesToFormat(lines: Line[]): Line[] {
  const filled = lines.filter((line) => !isBlank(line));
  return filled.length > 0 ? filled : lines;
}

function resultOf(changes: TextChange[], { from, to }: TextRange): TransformResult {
  return {
    changes,
    selection: { from: mapPosition(from, changes), to: mapPosition(to, changes) },
  };
}

/** Any list marker after the indentation: bullet, task or number. */
const LIST_MARKER = /^(\s*)([-*+] \[[ xX]\] |[-*+] |\d+[.)] )?/;

type ListKind = 'bullet' | 'numbered' | 'task';

const MARKER_OF_KIND: Record<ListKind, RegExp> = {
  bullet: /^[-*+] $/,
  numbered: /^\d+[.)] $/,
  task: /^[-*+] \[[ xX]\] $/,
};

/**
 * Makes the touched lines a list of `kind` (numbered 1., 2., … in order), replacing another
 * kind of list marker, or removes the markers when every line already is that kind.
 */
export function toggleList(kind: ListKind): MarkdownTransform {
  return (doc, selection) => {
    const lines = linesToFormat(touchedLines(doc, selection));
    const parsed = lines.map((line) => {
      const match = LIST_MARKER.exec(line.text);
      return { line, indent: match?.[1] ?? '', marker: match?.[2] ?? '' };
    });
    const allOfKind = parsed.every(({ marker }) => MARKER_OF_KIND[kind].test(marker));
    const changes = parsed.map(({ line, indent, marker }, index) => {
      const from = line.from + indent.length;
      const prefix = kind === 'bullet' ? '- ' : kind === 'task' ? '- [ ] ' : `${index + 1}. `;
      return { from, to: from + marker.length, insert: allOfKind ? '' : prefix };
    });
    return resultOf(changes, selection);
  };
}

export const toggleBulletList = toggleList('bullet');
export const toggleNumberedList = toggleList('numbered');
export const toggleTaskList = toggleList('task');

/** Quotes the touched lines (blank ones too, so the quote stays one block), or unquotes them. */
export const toggleQuote: MarkdownTransform = (doc, selection) => {
  const lines = touchedLines(doc, selection);
  const quoted = linesToFormat(lines).every((line) => line.text.startsWith('>'));
  const changes = lines.map((line) => {
    if (quoted) {
      const marker = /^> ?/.exec(line.text)?.[0] ?? '';
      return { from: line.from, to: line.from + marker.length, insert: '' };
    }
    return { from: line.from, to: line.from, insert: isBlank(line) ? '>' : '> ' };
  });
  return resultOf(changes, selection);
};

const HEADING = /^(#{1,6}) /;
/** The heading button cycles: paragraph → # → ## → ### → paragraph. */
const HEADING_CYCLE_MAX = 3;

/** Cycles the touched lines through heading levels 1–3 and back to a paragraph. */
export const cycleHeading: MarkdownTransform = (doc, selection) => {
  const lines = linesToFormat(touchedLines(doc, selection));
  const first = lines[0] ? (HEADING.exec(lines[0].text)?.[1]?.length ?? 0) : 0;
  const next = first >= HEADING_CYCLE_MAX ? 0 : first + 1;
  const changes = lines.map((line) => {
    const marker = HEADING.exec(line.text)?.[0] ?? '';
    return {
      from: line.from,
      to: line.from + marker.length,
      insert: next === 0 ? '' : `${'#'.repeat(next)} `,
    };
  });
  return resultOf(changes, selection);
};

// ── block templates ─────────────────────────────────────────────────────────

function cursor(at: number): TextRange {
  return { from: at, to: at };
}

/**
 * Puts `block` in place of `from`..`to` as a block of its own: blank lines separate it from the
 * text around it (a `---` right under a paragraph would make that paragraph a heading).
 * `select` is relative to the block; `after` puts the cursor past the block instead.
 */
function insertBlock(
  doc: string,
  { from, to }: TextRange,
  block: string,
  select: TextRange | 'after',
): TransformResult {
  const before = doc.slice(0, from);
  const rest = doc.slice(to);
  const lead =
    before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail =
    rest === '' ? '\n' : rest.startsWith('\n\n') ? '' : rest.startsWith('\n') ? '\n' : '\n\n';
  const start = from + lead.length;
  const selection =
    select === 'after'
      ? cursor(start + block.length + trail.length)
      : { from: start + select.from, to: start + select.to };
  return { changes: [{ from, to, insert: lead + block + trail }], selection };
}

/** Fences the selection as a code block (cursor after the opening fence for the language). */
export const insertCodeBlock: MarkdownTransform = (doc, selection) => {
  const body = doc.slice(selection.from, selection.to).replace(/\n$/, '');
  const block = `\`\`\`\n${body}\n\`\`\``;
  return insertBlock(doc, selection, block, body === '' ? cursor(4) : cursor(3));
};

/** A two-column table after the selection, with the cursor in the first header cell. */
export const insertTable: MarkdownTransform = (doc, { to }) => {
  const block = '|  |  |\n| --- | --- |\n|  |  |';
  return insertBlock(doc, cursor(to), block, cursor(2));
};

/** A horizontal rule after the selection, with the cursor below it. */
export const insertHorizontalRule: MarkdownTransform = (doc, { to }) =>
  insertBlock(doc, cursor(to), '---', 'after');

const toggleInlineMath = toggleInline('$');

/**
 * Math: a selection on one line becomes inline `$…$`; otherwise a `$$` display block around
 * the selection (or an empty one with the cursor inside).
 */
export const insertMath: MarkdownTransform = (doc, selection) => {
  const selected = doc.slice(selection.from, selection.to);
  if (selected !== '' && !selected.includes('\n')) return toggleInlineMath(doc, selection);
  const body = selected.replace(/\n$/, '');
  return insertBlock(doc, selection, `$$\n${body}\n$$`, cursor(3 + body.length));
};

/** Applies a transform's changes to a string (tests and previews; the editor uses CodeMirror). */
export function applyChanges(doc: string, changes: readonly TextChange[]): string {
  let result = '';
  let position = 0;
  for (const change of changes) {
    result += doc.slice(position, change.from) + change.insert;
    position = change.to;
  }
  return result + doc.slice(position);
}

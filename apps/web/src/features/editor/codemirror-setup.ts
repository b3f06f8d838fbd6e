import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage, pasteURLAsLink } from '@codemirror/lang-markdown';
import {
  defaultHighlightStyle,
  HighlightStyle,
  Language,
  LanguageSupport,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, EditorState, Prec, type ChangeSpec, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import { drawSelection, EditorView, keymap, placeholder } from '@codemirror/view';
import { styleTags, Tag } from '@lezer/highlight';
import type { MarkdownParser } from '@lezer/markdown';
import { toggleBold, toggleItalic, toggleLink, type MarkdownTransform } from './transforms';

/** Marks transactions that bring the `value` prop in, so they are not echoed to onChange. */
export const externalChange = Annotation.define<boolean>();

/** Applies a formatting transform to the main selection as one undoable step. */
export function applyTransform(view: EditorView, transform: MarkdownTransform): boolean {
  const { from, to } = view.state.selection.main;
  const result = transform(view.state.doc.toString(), { from, to });
  view.dispatch({
    changes: result.changes,
    selection: { anchor: result.selection.from, head: result.selection.to },
    scrollIntoView: true,
    userEvent: 'input.format',
  });
  view.focus();
  return true;
}

/**
 * The smallest change turning `current` into `next` (common prefix and suffix kept), so a
 * restored or cleared value keeps the cursor and undo history sensible.
 */
export function diffChange(current: string, next: string): ChangeSpec {
  const max = Math.min(current.length, next.length);
  let start = 0;
  while (start < max && current.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < max - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end += 1;
  }
  return { from: start, to: current.length - end, insert: next.slice(start, next.length - end) };
}

/** What never changes for the life of an editor: editing, history, search, wrapping. */
export function baseExtensions({
  onDocChange,
  onSubmit,
}: {
  onDocChange: (text: string) => void;
  /** Ctrl/Cmd+Enter; returns whether it was handled. */
  onSubmit: () => boolean;
}): Extension {
  return [
    history(),
    drawSelection(),
    search({ top: true }),
    highlightSelectionMatches(),
    EditorView.lineWrapping,
    EditorState.tabSize.of(4),
    // Above the default keymap, whose Mod-Enter inserts a blank line.
    Prec.highest(keymap.of([{ key: 'Mod-Enter', run: onSubmit }])),
    // Tab indents; CodeMirror's tab-focus mode (Esc, then Tab) still moves focus out.
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    EditorView.updateListener.of((update) => {
      if (!update.docChanged) return;
      if (update.transactions.every((tr) => tr.annotation(externalChange))) return;
      onDocChange(update.state.doc.toString());
    }),
    surfaceTheme,
  ];
}

/**
 * The header row of a GFM table. The Markdown grammar tags it as a heading, so both highlight
 * styles drew it like a `#` title (large, underlined or coloured); it is a table header row.
 */
export const tableHeaderTag = Tag.define();

/** GFM with the table header row under its own tag; same language data, so the keymaps apply. */
export const editorMarkdownLanguage = new Language(
  markdownLanguage.data,
  (markdownLanguage.parser as MarkdownParser).configure({
    props: [styleTags({ 'TableHeader/...': tableHeaderTag })],
  }),
  [],
  'markdown',
);

/** A table header row reads as one: bold, like a rendered <th>, in either scheme. */
const tableHeaderStyle = HighlightStyle.define([{ tag: tableHeaderTag, fontWeight: '600' }]);

/** Markdown highlighting, GFM syntax and the formatting shortcuts; nothing for plain text. */
export function languageExtensions(isMarkdown: boolean): Extension {
  if (!isMarkdown) return [];
  const run = (transform: MarkdownTransform) => (view: EditorView) =>
    applyTransform(view, transform);
  return [
    // GFM without markdown()'s HTML-in-Markdown support, which would bring the HTML, CSS and
    // JavaScript grammars (about 250 kB) for a rare case.
    new LanguageSupport(editorMarkdownLanguage),
    syntaxHighlighting(tableHeaderStyle),
    // Enter continues lists and quotes; Backspace removes their markup.
    Prec.high(keymap.of(markdownKeymap)),
    pasteURLAsLink,
    // Above the default keymap, whose Mod-i selects the parent syntax node.
    Prec.high(
      keymap.of([
        { key: 'Mod-b', run: run(toggleBold) },
        { key: 'Mod-i', run: run(toggleItalic) },
        { key: 'Mod-k', run: run(toggleLink) },
      ]),
    ),
  ];
}

/** Colours: One Dark in the dark scheme, the default highlight style in the light one. */
export function colorExtensions(dark: boolean): Extension {
  return dark ? [oneDark, darkOverrides] : [lightTheme, syntaxHighlighting(defaultHighlightStyle)];
}

/** The accessible name and description of the editing surface, and its placeholder. */
export function labelExtensions(label: string, describedBy: string, hint: string): Extension {
  return [
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': describedBy }),
    placeholder(hint),
  ];
}

/** Translated words of the search panel (CodeMirror's phrase keys are its English text). */
export function phraseExtensions(phrases: Record<string, string>): Extension {
  return EditorState.phrases.of(phrases);
}

// Layout shared by both colour schemes; sizes come from CSS variables the component sets.
const surfaceTheme = EditorView.theme({
  '&': {
    height: 'var(--editor-height, auto)',
    fontSize: 'var(--mantine-font-size-sm)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--mantine-font-family-monospace)',
    lineHeight: '1.6',
    overflow: 'auto',
  },
  '.cm-content': {
    boxSizing: 'border-box',
    minHeight: 'var(--editor-min-height, 240px)',
    padding: 'var(--mantine-spacing-sm) 0',
  },
  '.cm-line': { padding: '0 var(--mantine-spacing-sm)' },
  '.cm-panels': { fontFamily: 'var(--mantine-font-family)' },
  '.cm-panel.cm-search': { padding: 'var(--mantine-spacing-xs)' },
  '.cm-panel.cm-search input, .cm-panel.cm-search button': { minHeight: '32px' },
});

// One Dark's placeholder grey is under 4.5:1 on its background; Mantine's (see theme.ts) is not.
const darkOverrides = EditorView.theme(
  { '.cm-placeholder': { color: 'var(--mantine-color-placeholder)' } },
  { dark: true },
);

const lightTheme = EditorView.theme(
  {
    '&': { backgroundColor: 'var(--mantine-color-body)', color: 'var(--mantine-color-text)' },
    '.cm-cursor': { borderLeftColor: 'var(--mantine-color-text)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'var(--mantine-primary-color-light)',
    },
    '.cm-placeholder': { color: 'var(--mantine-color-placeholder)' },
    '.cm-panels': {
      backgroundColor: 'var(--mantine-color-gray-0)',
      color: 'var(--mantine-color-text)',
    },
  },
  { dark: false },
);

import { EditorView } from '@codemirror/view';
import { screen } from '@testing-library/react';

const NO_RECT = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 };

/**
 * jsdom has no layout: Range lacks getClientRects/getBoundingClientRect, which CodeMirror
 * measures with. Empty rectangles let it run (positions are then meaningless, which tests
 * never rely on). Call once per test file that mounts an editor.
 */
export function installCodeMirrorLayoutStubs(): void {
  const proto = Range.prototype as Partial<Range>;
  if (!proto.getClientRects) {
    proto.getClientRects = function getClientRects() {
      return Object.assign([], { item: () => null });
    };
  }
  if (!proto.getBoundingClientRect) {
    proto.getBoundingClientRect = function getBoundingClientRect() {
      return { ...NO_RECT, toJSON: () => NO_RECT };
    };
  }
}

/** The CodeMirror view behind the editing surface named `label` (tests only). */
export function editorViewByLabel(label: string): EditorView {
  const content = screen.getByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${label}`);
  return view;
}

/** The text in the editor named `label`. */
export function editorText(label: string): string {
  return editorViewByLabel(label).state.doc.toString();
}

/**
 * Types `text` at the end as a user edit (jsdom has no real text input for contenteditable,
 * so the insertion goes through the view like CodeMirror's own input handling would).
 */
export function typeInEditor(label: string, text: string): void {
  const view = editorViewByLabel(label);
  const end = view.state.doc.length;
  view.dispatch({
    changes: { from: end, insert: text },
    selection: { anchor: end + text.length },
    userEvent: 'input.type',
  });
}

/** Selects `from`..`to` in the editor named `label`. */
export function selectInEditor(label: string, from: number, to: number): void {
  editorViewByLabel(label).dispatch({ selection: { anchor: from, head: to } });
}

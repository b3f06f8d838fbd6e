/**
 * The explorer's selection, as file managers keep it: the selected entries (by path, so a
 * re-sort or a new page keeps them), the anchor a Shift-click or Shift-arrow extends from, and
 * the focused entry the arrow keys move.
 */
export interface Selection {
  keys: ReadonlySet<string>;
  anchor: string | null;
  focus: string | null;
}

export const NO_SELECTION: Selection = { keys: new Set(), anchor: null, focus: null };

/** How a click was made: Ctrl/Cmd toggles one entry, Shift selects a range. */
export interface ClickModifiers {
  toggle: boolean;
  range: boolean;
}

function rangeOf(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = from === null ? end : order.indexOf(from);
  if (end < 0) return [];
  const [low, high] = start < 0 ? [end, end] : [Math.min(start, end), Math.max(start, end)];
  return order.slice(low, high + 1);
}

/** The selection after a click on `key` (`order`: the entries as shown). */
export function clickSelect(
  selection: Selection,
  key: string,
  order: readonly string[],
  modifiers: ClickModifiers,
): Selection {
  if (modifiers.range) {
    const base = modifiers.toggle ? selection.keys : new Set<string>();
    const keys = new Set([...base, ...rangeOf(order, selection.anchor, key)]);
    return { keys, anchor: selection.anchor ?? key, focus: key };
  }
  if (modifiers.toggle) {
    const keys = new Set(selection.keys);
    if (keys.has(key)) keys.delete(key);
    else keys.add(key);
    return { keys, anchor: key, focus: key };
  }
  return { keys: new Set([key]), anchor: key, focus: key };
}

/** Nothing selected; the keyboard stays where it was (Esc in a file manager). */
export function clearSelection(selection: Selection): Selection {
  return { keys: new Set(), anchor: selection.focus, focus: selection.focus };
}

/** Every entry shown. */
export function selectAll(order: readonly string[], selection: Selection): Selection {
  return {
    keys: new Set(order),
    anchor: selection.anchor,
    focus: selection.focus ?? order[0] ?? null,
  };
}

/**
 * The selection after an arrow key: focus moves by `delta` (clamped); without Shift the moved-to
 * entry alone is selected, with Shift the range from the anchor to it.
 */
export function moveFocus(
  selection: Selection,
  delta: number,
  order: readonly string[],
  extend: boolean,
): Selection {
  if (order.length === 0) return selection;
  const current = selection.focus === null ? -1 : order.indexOf(selection.focus);
  const start = current < 0 ? (delta > 0 ? -1 : order.length) : current;
  const index = Math.min(order.length - 1, Math.max(0, start + delta));
  const key = order[index]!;
  if (!extend) return { keys: new Set([key]), anchor: key, focus: key };
  const anchor = selection.anchor ?? key;
  return { keys: new Set(rangeOf(order, anchor, key)), anchor, focus: key };
}

/** The selection without entries that are gone (deleted, moved, filtered out of the folder). */
export function pruneSelection(selection: Selection, present: ReadonlySet<string>): Selection {
  const keys = [...selection.keys].filter((key) => present.has(key));
  if (
    keys.length === selection.keys.size &&
    (selection.focus === null || present.has(selection.focus))
  ) {
    return selection;
  }
  const keep = (key: string | null) => (key !== null && present.has(key) ? key : null);
  return { keys: new Set(keys), anchor: keep(selection.anchor), focus: keep(selection.focus) };
}

/** What a key press on the listing means. */
export type ListingKeyAction =
  | { kind: 'move'; delta: number; extend: boolean }
  | { kind: 'open' }
  | { kind: 'toggle' }
  | { kind: 'selectAll' }
  | { kind: 'clear' }
  | { kind: 'delete' }
  | { kind: 'rename' };

/**
 * The listing's keyboard (arrows, Home/End, PageUp/PageDown, Enter, Space, Ctrl/Cmd+A, Delete,
 * F2, Esc); null for keys it leaves alone. `page`: rows a PageUp/PageDown moves.
 */
export function listingKeyAction(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  page: number,
): ListingKeyAction | null {
  const extend = event.shiftKey;
  const command = event.ctrlKey || event.metaKey;
  if (event.altKey) return null;
  switch (event.key) {
    case 'ArrowDown':
      return { kind: 'move', delta: 1, extend };
    case 'ArrowUp':
      return { kind: 'move', delta: -1, extend };
    case 'PageDown':
      return { kind: 'move', delta: page, extend };
    case 'PageUp':
      return { kind: 'move', delta: -page, extend };
    case 'Home':
      return { kind: 'move', delta: -Infinity, extend };
    case 'End':
      return { kind: 'move', delta: Infinity, extend };
    case 'Enter':
      return command ? null : { kind: 'open' };
    case ' ':
      return { kind: 'toggle' };
    case 'Escape':
      return { kind: 'clear' };
    case 'Delete':
      return { kind: 'delete' };
    case 'Backspace':
      // macOS Finder: Cmd+Backspace moves to the bin.
      return command ? { kind: 'delete' } : null;
    case 'F2':
      return { kind: 'rename' };
    case 'a':
    case 'A':
      return command ? { kind: 'selectAll' } : null;
    default:
      return null;
  }
}

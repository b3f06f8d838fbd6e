import type { PressPoint } from './long-press';

/** The attribute an entry's element carries: its index in the list's entries. */
export const ENTRY_INDEX_ATTRIBUTE = 'data-entry-index';

/** Whether a key press asks for the context menu: the Menu key, or Shift+F10 (as in desktop file managers). */
export function isContextMenuKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}

/**
 * The entry index the keyboard is on (the element with focus, or the entry holding it) and
 * where its menu opens: below the focused element's start.
 */
export function keyboardMenuTarget(focused: Element): { index: number; at: PressPoint } | null {
  const holder = focused.closest(`[${ENTRY_INDEX_ATTRIBUTE}]`);
  const index = Number(holder?.getAttribute(ENTRY_INDEX_ATTRIBUTE));
  if (!holder || !Number.isInteger(index)) return null;
  const rect = focused.getBoundingClientRect();
  return { index, at: { x: rect.left, y: rect.bottom } };
}

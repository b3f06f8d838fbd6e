import { describe, expect, it } from 'vitest';
import {
  clickSelect,
  listingKeyAction,
  moveFocus,
  NO_SELECTION,
  pruneSelection,
  selectAll,
  clearSelection,
  type Selection,
} from './selection-model';

const ORDER = ['/a', '/b', '/c', '/d', '/e'];
const plain = { toggle: false, range: false };
const toggle = { toggle: true, range: false };
const range = { toggle: false, range: true };
const keys = (selection: Selection) => [...selection.keys].sort();

describe('clickSelect', () => {
  it('a click selects one entry and sets the anchor', () => {
    const once = clickSelect(NO_SELECTION, '/b', ORDER, plain);
    expect(once).toEqual({ keys: new Set(['/b']), anchor: '/b', focus: '/b' });
    expect(keys(clickSelect(once, '/d', ORDER, plain))).toEqual(['/d']);
  });

  it('Ctrl/Cmd-click adds and removes single entries', () => {
    let selection = clickSelect(NO_SELECTION, '/b', ORDER, plain);
    selection = clickSelect(selection, '/d', ORDER, toggle);
    expect(keys(selection)).toEqual(['/b', '/d']);
    selection = clickSelect(selection, '/b', ORDER, toggle);
    expect(keys(selection)).toEqual(['/d']);
  });

  it('Shift-click selects the range from the anchor, either direction, replacing the rest', () => {
    let selection = clickSelect(NO_SELECTION, '/b', ORDER, plain);
    selection = clickSelect(selection, '/d', ORDER, range);
    expect(keys(selection)).toEqual(['/b', '/c', '/d']);
    expect(selection.anchor).toBe('/b');
    selection = clickSelect(selection, '/a', ORDER, range);
    expect(keys(selection)).toEqual(['/a', '/b']);
  });

  it('Ctrl+Shift-click adds the range to what is selected', () => {
    let selection = clickSelect(NO_SELECTION, '/a', ORDER, plain);
    selection = clickSelect(selection, '/d', ORDER, toggle);
    selection = clickSelect(selection, '/e', ORDER, { toggle: true, range: true });
    expect(keys(selection)).toEqual(['/a', '/d', '/e']);
  });

  it('Shift-click with no anchor selects just the entry', () => {
    expect(keys(clickSelect(NO_SELECTION, '/c', ORDER, range))).toEqual(['/c']);
  });
});

describe('moveFocus', () => {
  it('moves down from nothing to the first entry, and clamps at the ends', () => {
    const first = moveFocus(NO_SELECTION, 1, ORDER, false);
    expect(first.focus).toBe('/a');
    expect(moveFocus(first, -1, ORDER, false).focus).toBe('/a');
    expect(moveFocus(first, Infinity, ORDER, false).focus).toBe('/e');
    expect(moveFocus(NO_SELECTION, -1, ORDER, false).focus).toBe('/e');
  });

  it('with Shift extends from the anchor', () => {
    let selection = moveFocus(NO_SELECTION, 2, ORDER, false);
    expect(keys(selection)).toEqual(['/b']);
    selection = moveFocus(selection, 2, ORDER, true);
    expect(keys(selection)).toEqual(['/b', '/c', '/d']);
    selection = moveFocus(selection, -3, ORDER, true);
    expect(keys(selection)).toEqual(['/a', '/b']);
  });

  it('does nothing in an empty folder', () => {
    expect(moveFocus(NO_SELECTION, 1, [], false)).toBe(NO_SELECTION);
  });
});

describe('clearSelection', () => {
  it('drops the selection but keeps the keyboard where it was', () => {
    const selection = clickSelect(NO_SELECTION, '/c', ORDER, plain);
    const cleared = clearSelection(selection);
    expect(keys(cleared)).toEqual([]);
    expect(moveFocus(cleared, 1, ORDER, false).focus).toBe('/d');
  });
});

describe('selectAll / pruneSelection', () => {
  it('selects everything shown', () => {
    expect(keys(selectAll(ORDER, NO_SELECTION))).toEqual(ORDER);
  });

  it('drops entries that are gone, and keeps the same object when nothing changed', () => {
    const selection = clickSelect(
      clickSelect(NO_SELECTION, '/a', ORDER, plain),
      '/c',
      ORDER,
      toggle,
    );
    expect(pruneSelection(selection, new Set(ORDER))).toBe(selection);
    const pruned = pruneSelection(selection, new Set(['/a', '/b']));
    expect(pruned).toEqual({ keys: new Set(['/a']), anchor: null, focus: null });
  });
});

describe('listingKeyAction', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
    listingKeyAction(
      { key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods },
      10,
    );

  it('maps the file-manager keys', () => {
    expect(key('ArrowDown')).toEqual({ kind: 'move', delta: 1, extend: false });
    expect(key('ArrowUp', { shiftKey: true })).toEqual({ kind: 'move', delta: -1, extend: true });
    expect(key('PageDown')).toEqual({ kind: 'move', delta: 10, extend: false });
    expect(key('End')).toEqual({ kind: 'move', delta: Infinity, extend: false });
    expect(key('Enter')).toEqual({ kind: 'open' });
    expect(key(' ')).toEqual({ kind: 'toggle' });
    expect(key('Escape')).toEqual({ kind: 'clear' });
    expect(key('Delete')).toEqual({ kind: 'delete' });
    expect(key('Backspace', { metaKey: true })).toEqual({ kind: 'delete' });
    expect(key('F2')).toEqual({ kind: 'rename' });
    expect(key('a', { ctrlKey: true })).toEqual({ kind: 'selectAll' });
    expect(key('A', { metaKey: true })).toEqual({ kind: 'selectAll' });
  });

  it('leaves typing and browser shortcuts alone', () => {
    expect(key('a')).toBeNull();
    expect(key('Backspace')).toBeNull();
    expect(key('Enter', { ctrlKey: true })).toBeNull();
    expect(key('ArrowDown', { altKey: true })).toBeNull();
    expect(key('x')).toBeNull();
  });
});

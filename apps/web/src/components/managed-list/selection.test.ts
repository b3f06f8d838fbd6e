import { describe, expect, it } from 'vitest';
import { namingOf, pageSelection, toggled, without, type RowRef } from './selection';

const ref = (id: string): RowRef => ({ id, slug: `s-${id}`, name: `n-${id}` });

describe('managed list selection', () => {
  it('adds and takes out rows without touching the map it was given', () => {
    const start = new Map([['a', ref('a')]]);
    const added = toggled(start, [ref('b'), ref('c')], true);
    expect([...added.keys()]).toEqual(['a', 'b', 'c']);
    expect([...toggled(added, [ref('a'), ref('c')], false).keys()]).toEqual(['b']);
    expect([...without(added, ['b', 'x']).keys()]).toEqual(['a', 'c']);
    expect(start.size).toBe(1);
  });

  it('reads the page box as all, some or none of the rows shown', () => {
    const rows = [{ id: 'a' }, { id: 'b' }];
    expect(pageSelection(rows, new Set(['a', 'b']))).toEqual({ all: true, some: false });
    expect(pageSelection(rows, new Set(['b', 'elsewhere']))).toEqual({ all: false, some: true });
    expect(pageSelection(rows, new Set())).toEqual({ all: false, some: false });
    expect(pageSelection([], new Set())).toEqual({ all: false, some: false });
  });

  it('names a row by both its name and its slug', () => {
    expect(namingOf(ref('a'))).toEqual({ name: 'n-a', slug: 's-a' });
  });
});

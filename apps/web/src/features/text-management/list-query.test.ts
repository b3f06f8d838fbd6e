import { describe, expect, it } from 'vitest';
import { pageCount, searchStateOf } from './list-query';

describe('list query helpers', () => {
  it.each([
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['a', { kind: 'tooShort' }],
    [' a ', { kind: 'tooShort' }],
    [' ab ', { kind: 'term', term: 'ab' }],
  ])('reads the search %j (SPEC §5: at least 2 characters)', (raw, state) => {
    expect(searchStateOf(raw)).toEqual(state);
  });

  it('counts pages, never fewer than one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

import { SEARCH_MIN_KEYWORD } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { offsetOf, pageCount, pageRange, searchStateOf } from './paging';

describe('managed list paging', () => {
  it('sends a search only from 2 characters (SPEC §5), spaces around it not counting', () => {
    expect(SEARCH_MIN_KEYWORD).toBe(2);
    expect(searchStateOf('\tab ')).toEqual({ kind: 'term', term: 'ab' });
    expect(searchStateOf('b  ').kind).toBe('tooShort');
    expect(searchStateOf(' \n ').kind).toBe('none');
  });

  it('has a page to show even for no rows, and offsets 1-based pages', () => {
    expect([0, 1, 20, 21].map((total) => pageCount(total, 20))).toEqual([1, 1, 1, 2]);
    expect([1, 2, 3].map((page) => offsetOf(page, 20))).toEqual([0, 20, 40]);
  });

  it('names the range a page shows, cut at the total', () => {
    expect(pageRange(2, 50, 120)).toEqual({ from: 51, to: 100 });
    expect(pageRange(3, 50, 120)).toEqual({ from: 101, to: 120 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

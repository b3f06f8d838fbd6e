import { describe, expect, it } from 'vitest';
import { offsetOf, pageCount, searchStateOf } from '../../components/managed-list/paging';
import { viewLimitReached, viewsText } from '../../components/managed-list/view-limit';
import { DEFAULT_PAGE_SIZE } from './list-query';

describe('file list query', () => {
  it('sends a search only from 2 characters, without surrounding spaces', () => {
    expect(searchStateOf('  ')).toEqual({ kind: 'none' });
    expect(searchStateOf(' a ')).toEqual({ kind: 'tooShort' });
    expect(searchStateOf(' ab ')).toEqual({ kind: 'term', term: 'ab' });
  });

  it('pages by offset, 50 at a time by default', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(offsetOf(1, 50)).toBe(0);
    expect(offsetOf(3, 50)).toBe(100);
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('writes views against the limit', () => {
    expect(viewsText({ views: 3, max_views: 0 })).toBe('3 / ∞');
    expect(viewsText({ views: 3, max_views: 5 })).toBe('3 / 5');
    expect(viewLimitReached({ views: 5, max_views: 5 })).toBe(true);
    expect(viewLimitReached({ views: 5, max_views: 0 })).toBe(false);
  });
});

import { SEARCH_MIN_KEYWORD } from '@pasteport/contract';

/** Page sizes offered; the first is the SPEC §9 default (admin limit 10, user limit 10). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Longest search the server accepts (contract: max 100). */
export const SEARCH_MAX_LENGTH = 100;

/** Wait after the last keystroke before searching, so typing sends one request, not many. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a typed search means: nothing, too short to send (SPEC §5: ≥ 2 characters), or a term. */
export type SearchState = { kind: 'none' } | { kind: 'tooShort' } | { kind: 'term'; term: string };

/** Reads the search box; surrounding spaces never count toward the minimum. */
export function searchStateOf(raw: string): SearchState {
  const term = raw.trim();
  if (term.length === 0) return { kind: 'none' };
  if (term.length < SEARCH_MIN_KEYWORD) return { kind: 'tooShort' };
  return { kind: 'term', term };
}

/** The number of pages for `total` items (at least 1, so paging always has a page to show). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

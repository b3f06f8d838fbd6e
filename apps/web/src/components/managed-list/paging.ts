import { SEARCH_MIN_KEYWORD } from '@pasteport/contract/plain';

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

/** The offset of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** The 1-based positions of the first and last item a page shows ("51–100 of 120"). */
export function pageRange(page: number, pageSize: number, total: number) {
  return {
    from: Math.min(total, offsetOf(page, pageSize) + 1),
    to: Math.min(total, page * pageSize),
  };
}

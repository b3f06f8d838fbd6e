import { FILES_LIMIT, SEARCH_MIN_KEYWORD } from '@pasteport/contract';

/** Page sizes offered; SPEC §9's 50 is the default. The server returns at most 200. */
export const PAGE_SIZES = [20, FILES_LIMIT, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = FILES_LIMIT;

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

/** "3 / 5", or "3 / ∞" when the file may be read without limit (max_views 0). */
export function viewsText(file: { views: number; max_views: number }): string {
  return `${file.views} / ${file.max_views > 0 ? file.max_views : '∞'}`;
}

/** Whether a file with a view limit has been read that many times. */
export function viewLimitReached(file: { views: number; max_views: number }): boolean {
  return file.max_views > 0 && file.views >= file.max_views;
}

import { SEARCH_OFFSET_MAX, type SearchScope } from '@pasteport/contract';
import { SEARCH_LIMIT, SEARCH_MIN_KEYWORD, SEARCH_OFFSET } from '@pasteport/contract/plain';
import { explorerHref, parentPath } from '../location';

/*
 * The search dialog's rules, free of React: which scopes the current folder allows, the
 * request a keyword and scope make, where a result leads and how the active result moves.
 */

export type { SearchScope };

/** Where the explorer is: the folder, and the mount it lies in (null above every mount). */
export interface SearchPlace {
  path: string;
  mountId: string | null;
}

/** Why a scope cannot be chosen here: at the root, or in a folder above every mount. */
export type ScopeBlock = 'atRoot' | 'noMount';

/** Why `scope` cannot be chosen at `place`, or null when it can. */
export function scopeBlock(scope: SearchScope, place: SearchPlace): ScopeBlock | null {
  if (scope === 'global') return null;
  // At the root the folder is everything, and no mount holds it: only global means anything.
  if (place.path === '/') return 'atRoot';
  if (scope === 'mount' && place.mountId === null) return 'noMount';
  return null;
}

/** The scope searched: the one chosen, or global where the chosen one does not apply. */
export function effectiveScope(chosen: SearchScope, place: SearchPlace): SearchScope {
  return scopeBlock(chosen, place) === null ? chosen : 'global';
}

/** Whether a typed keyword is long enough to search (SPEC §9: at least 2 characters). */
export function isSearchable(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_KEYWORD;
}

/** What one search asks, without the page: the query key of its pages. */
export interface SearchRequest {
  q: string;
  scope: SearchScope;
  mount_id?: string;
  path?: string;
}

/** The request for `text` in `scope` at `place`; null while the keyword is too short. */
export function searchRequest(
  text: string,
  scope: SearchScope,
  place: SearchPlace,
): SearchRequest | null {
  if (!isSearchable(text)) return null;
  const q = text.trim();
  const searched = effectiveScope(scope, place);
  if (searched === 'mount' && place.mountId !== null) {
    return { q, scope: searched, mount_id: place.mountId };
  }
  if (searched === 'directory') return { q, scope: searched, path: place.path };
  return { q, scope: 'global' };
}

/** The `GET /api/fs/search` query of one page. */
export function searchPageQuery(request: SearchRequest, offset = SEARCH_OFFSET) {
  return { ...request, limit: SEARCH_LIMIT, offset };
}

/** The offset of the page after one that started at `offset`, if the server has more. */
export function nextSearchOffset(hasMore: boolean, offset: number): number | undefined {
  const next = offset + SEARCH_LIMIT;
  // The server refuses offsets past the matches it ranks.
  return hasMore && next <= SEARCH_OFFSET_MAX ? next : undefined;
}

/** What a result needs to be opened. */
export interface SearchHit {
  name: string;
  path: string;
  isDirectory: boolean;
}

/** The folder a result lies in. */
export function folderOf(hit: SearchHit): string {
  return parentPath(hit.path);
}

/** Where opening a result goes: a folder itself, a file previewed in its folder. */
export function hitHref(hit: SearchHit): string {
  return hit.isDirectory ? explorerHref(hit.path) : explorerHref(folderOf(hit), hit.name);
}

/** The explorer URL of the folder holding a result. */
export function hitFolderHref(hit: SearchHit): string {
  return explorerHref(folderOf(hit));
}

/**
 * The active option after an arrow key: down from none is the first, up from none the last;
 * the ends stop rather than wrap (a list that grows with "Load more" has no fixed last).
 */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, active + delta));
}

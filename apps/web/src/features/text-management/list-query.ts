/**
 * Page sizes offered; the first is the SPEC §9 default (admin limit 10, user limit 10). Search
 * and paging rules are the managed list's (components/managed-list/paging.ts).
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

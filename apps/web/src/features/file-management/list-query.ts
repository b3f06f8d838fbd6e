import { FILES_LIMIT } from '@pasteport/contract/plain';

/** Page sizes offered; SPEC §9's 50 is the default. The server returns at most 200. */
export const PAGE_SIZES = [20, FILES_LIMIT, 100, 200] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = FILES_LIMIT;

import { z } from 'zod';
import { SEARCH_LIMIT, SEARCH_MIN_KEYWORD, SEARCH_OFFSET } from './constants.js';
import { MOUNT_STORAGE_TYPES } from './mount-rules.js';

/*
 * File-system search (SPEC §3 "File-system search parameters", §5, §9): a keyword of at least
 * two characters, matched case-insensitively as a substring of names, within everything the
 * caller may see, the whole space, one mount or one folder and beneath.
 */

/** The most results one page may ask for. */
export const SEARCH_LIMIT_MAX = 200;
/**
 * Matches one search ranks and counts at most: a keyword found in most of a million names
 * answers as fast as a rare one. Beyond it `total` stays at this and `capped` is true (the
 * explorer shows "10,000+" and asks for a longer keyword).
 */
export const SEARCH_MATCHES_MAX = 10_000;
/** The deepest page: offsets beyond the ranked matches are refused. */
export const SEARCH_OFFSET_MAX = SEARCH_MATCHES_MAX;
/** Longest keyword: a name is at most 255 bytes. */
export const SEARCH_KEYWORD_MAX = 255;
export const SEARCH_SCOPES = ['global', 'mount', 'directory'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

const pageNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, min === 0 ? 'must not be negative' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** `GET /api/fs/search` query. `mount_id` is required by scope mount, `path` by directory. */
export const fsSearchQuerySchema = z.object({
  q: z
    .string({ message: 'the keyword is required' })
    .trim()
    .min(SEARCH_MIN_KEYWORD, `must be at least ${SEARCH_MIN_KEYWORD} characters`)
    .max(SEARCH_KEYWORD_MAX, `must be at most ${SEARCH_KEYWORD_MAX} characters`)
    // No name holds one, and PostgreSQL refuses NUL in text: a 400, never a 500.
    .refine((q) => !/\p{Cc}/u.test(q), { message: 'must not contain control characters' }),
  scope: z.enum(SEARCH_SCOPES, { message: 'must be global, mount or directory' }).default('global'),
  mount_id: z.string().max(64, 'not a mount id').optional(),
  path: z.string().optional(),
  limit: pageNumber(1, SEARCH_LIMIT_MAX).default(SEARCH_LIMIT),
  offset: pageNumber(0, SEARCH_OFFSET_MAX).default(SEARCH_OFFSET),
});
export type FsSearchQuery = z.output<typeof fsSearchQuerySchema>;

/** One hit: an object or folder, under one mount (a storage shown twice gives two hits). */
export const fsSearchResultSchema = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int().min(0),
  /** ISO-8601 UTC; null for folders known only from their objects' keys. */
  modified: z.string().nullable(),
  isDirectory: z.boolean(),
  /** Not known from listings: null unless a write through this server told it. */
  contentType: z.string().nullable(),
  mount_id: z.string(),
  mount_name: z.string(),
  storage_type: z.enum(MOUNT_STORAGE_TYPES),
});
export type FsSearchResult = z.infer<typeof fsSearchResultSchema>;

export const fsSearchResponseSchema = z.object({
  results: z.array(fsSearchResultSchema),
  /** Matches, counted up to SEARCH_MATCHES_MAX. */
  total: z.number().int().min(0),
  hasMore: z.boolean(),
  /** More than SEARCH_MATCHES_MAX names match: `total` is a floor; narrow the keyword. */
  capped: z.boolean(),
});
export type FsSearchResponse = z.infer<typeof fsSearchResponseSchema>;

/** `POST /api/admin/mounts/{id}/refresh-index` → 202: the crawl runs at the job's next pass. */
export const refreshIndexResponseSchema = z.object({
  storage_config_id: z.string(),
  requested_at: z.string(),
});
export type RefreshIndexResponse = z.infer<typeof refreshIndexResponseSchema>;

import { z } from 'zod';
import { strictBody } from './strict-body.js';

/** Days the dashboard's activity chart covers: today (UTC) and the six days before it. */
export const DASHBOARD_DAYS = 7;

const count = z.number().int().nonnegative();

/** How much of one storage configuration is used; pending uploads reserve their size. */
export const storageUsageSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider_type: z.string(),
  /** Bytes of every file on it, ready or still uploading. */
  used_bytes: count,
  /** The configured capacity; null means unlimited. */
  quota_bytes: count.nullable(),
  /** Ready files only. */
  file_count: count,
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** What was created on one UTC day. */
export const dailyActivitySchema = z.object({
  /** The UTC calendar day, YYYY-MM-DD. */
  date: z.iso.date(),
  pastes: count,
  files: count,
});
export type DailyActivity = z.infer<typeof dailyActivitySchema>;

/** GET /api/admin/dashboard/stats → data. */
export const dashboardStatsSchema = z.object({
  counts: z.object({
    pastes: count,
    /** Ready files only: uploads still in progress are not shares yet. */
    files: count,
    api_keys: count,
    storage_configs: count,
  }),
  /** Every storage configuration, the default first. */
  storage: z.array(storageUsageSchema),
  /** Exactly DASHBOARD_DAYS entries, oldest first, days without activity included. */
  daily: z.array(dailyActivitySchema).length(DASHBOARD_DAYS),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** One in-memory cache of the answering instance. Hits and misses count since it started. */
export const cacheStatsSchema = z.object({
  name: z.string(),
  entries: count,
  max_entries: count,
  hits: count,
  misses: count,
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;

/** GET /api/admin/cache/stats → data. */
export const cacheStatsListSchema = z.array(cacheStatsSchema);

const cacheScopeId = z.string().trim().min(1).max(64);

/** `details[].rule` when a clear names both a mount and a storage config. */
export const CACHE_SCOPE_CONFLICT_RULE = 'exclusive';

/**
 * POST /api/admin/cache/clear and /api/user/cache/clear body: one cache by name, or (absent,
 * the usual case) every cache the caller may clear. `mountId` (that mount's storage) or
 * `s3ConfigId` (that storage config; admin only) narrows the clear to the entries of one
 * storage, in the caches that hold entries per storage (listings, search); not both.
 */
export const clearCacheRequestSchema = strictBody(
  z.object({
    name: z.string().trim().min(1).max(50).optional(),
    mountId: cacheScopeId.optional(),
    s3ConfigId: cacheScopeId.optional(),
  }),
).superRefine((values, ctx) => {
  if (values.mountId !== undefined && values.s3ConfigId !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['s3ConfigId'],
      message: 'give mountId or s3ConfigId, not both',
      params: { rule: CACHE_SCOPE_CONFLICT_RULE },
    });
  }
});
export type ClearCacheRequest = z.infer<typeof clearCacheRequestSchema>;

/**
 * → data: how many entries the answering instance dropped. Every other instance drops its own
 * copies too (through the invalidation bus), uncounted.
 */
export const clearCacheResponseSchema = z.object({ cleared: count });
export type ClearCacheResponse = z.infer<typeof clearCacheResponseSchema>;

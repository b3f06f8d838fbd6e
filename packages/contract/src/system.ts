import { z } from 'zod';

export const databaseKindSchema = z.enum(['sqlite', 'postgres']);
export type DatabaseKind = z.infer<typeof databaseKindSchema>;

/** GET /api/version → data. */
export const versionSchema = z.object({
  name: z.string(),
  version: z.string(),
  runtime: z.string(),
  database: databaseKindSchema,
});
export type VersionInfo = z.infer<typeof versionSchema>;

export const healthCheckSchema = z.object({
  status: z.enum(['up', 'down']),
  latency_ms: z.number(),
  error: z.string().optional(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

/** GET /api/health → data (also carried, with status 503, when a dependency is down). */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: healthCheckSchema,
    storage: healthCheckSchema,
  }),
});
export type Health = z.infer<typeof healthSchema>;

import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Empty strings in the environment mean "unset", as most .env tooling writes them. */
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));

/** More proxies than any real chain has; a longer digit string is a typo (or Infinity). */
const MAX_PROXY_HOPS = 100;

/**
 * TRUST_PROXY: unset/false/no → trust nothing; true/yes → trust every hop; digits → that many
 * hops (0 → nothing); otherwise a comma-separated list of addresses/CIDRs of trusted proxies.
 * Digits are read as a hop count *before* the boolean words: `1` is the usual setting behind one
 * reverse proxy, and reading it as `true` would believe every X-Forwarded-For entry, so a
 * client could name any address it likes and dodge the per-address login throttle.
 */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined) return false;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops > MAX_PROXY_HOPS) {
          ctx.addIssue({
            code: 'custom',
            message: `a hop count must be at most ${MAX_PROXY_HOPS}`,
          });
          return z.NEVER;
        }
        return hops === 0 ? false : hops;
      }
      // Digits are taken above, so only the words reach this.
      const flag = booleanish.safeParse(v.toLowerCase());
      if (flag.success) return flag.data;
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length === 0 || !list.every((s) => /^[0-9a-fA-F:./]+$/.test(s))) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count, or a comma-separated list of proxy IPs/CIDRs',
        });
        return z.NEVER;
      }
      return list;
    }),
);

/**
 * CORS_ORIGINS: unset → no CORS at all; otherwise a comma-separated list of exact origins
 * (scheme, host, optional port; no path, no wildcard) whose pages may call the API.
 */
const corsOrigins = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx): string[] => {
      if (v === undefined) return [];
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((s) => !isExactOrigin(s));
      if (list.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a comma-separated list of origins such as https://app.example.com (scheme, host and port only, no path or wildcard)${bad.length > 0 ? `; not an origin: ${bad.join(', ')}` : ''}`,
        });
        return z.NEVER;
      }
      return [...new Set(list)];
    }),
);

/** True for `http(s)://host[:port]` written exactly as browsers send it in the Origin header. */
function isExactOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The environment variables Pasteport reads, with their defaults. Documented in .env.example. */
export const envSchema = z.object({
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).default('127.0.0.1')),
  PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(8787),
  ),
  DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./data')),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\/.+/.test(v),
    'must be a postgres:// or postgresql:// URL (leave it unset to use SQLite in DATA_DIR)',
  ),
  PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(v),
    'must be an http:// or https:// URL such as https://paste.example.com',
  ),
  ADMIN_USERNAME: optionalString.refine(
    (v) => v === undefined || (v.length >= 1 && v.length <= 64),
    'must be 1 to 64 characters',
  ),
  ADMIN_PASSWORD: optionalString.refine(
    (v) => v === undefined || v.length >= 8,
    'must be at least 8 characters',
  ),
  APP_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters (or leave it unset to generate one into DATA_DIR/secret.key)',
  ),
  SESSION_TTL_HOURS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a number of hours between 0.1 and 8760' })
      .min(0.1, 'must be a number of hours between 0.1 and 8760')
      .max(8760, 'must be a number of hours between 0.1 and 8760')
      .default(24),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' || v === undefined ? 'info' : typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }),
  ),
  TRUST_PROXY: trustProxy,
  CORS_ORIGINS: corsOrigins,
  BODY_IDLE_TIMEOUT_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a number of seconds between 0 (off) and 3600' })
      .min(0, 'must be a number of seconds between 0 (off) and 3600')
      .max(3600, 'must be a number of seconds between 0 (off) and 3600')
      .default(30),
  ),
  MAX_ANONYMOUS_UPLOADS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ message: 'must be a whole number between 1 and 10000' })
      .int('must be a whole number between 1 and 10000')
      .min(1, 'must be a whole number between 1 and 10000')
      .max(10000, 'must be a whole number between 1 and 10000')
      .default(16),
  ),
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || (v.length >= 16 && v.length <= 512 && /^[A-Za-z0-9_-]+$/.test(v)),
    'must be 16 to 512 letters, digits, "-" or "_" (it is sent as "Authorization: Bearer <token>")',
  ),
  /**
   * Test only: lets URL import and fetch reach 127.0.0.1 and ::1, so tests of separate server
   * processes can serve the "remote" file from loopback. Refused when NODE_ENV=production.
   */
  TEST_ONLY_ALLOW_LOOPBACK_FETCH: z.preprocess(
    (v) => (v === '' || v === undefined ? 'false' : typeof v === 'string' ? v.toLowerCase() : v),
    booleanish,
  ),
});

export type Env = z.infer<typeof envSchema>;
export type LogLevel = (typeof LOG_LEVELS)[number];

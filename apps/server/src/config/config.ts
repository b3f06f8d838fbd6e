import path from 'node:path';
import type { HttpLimits } from '../http/http-limits.js';
import { envSchema, type LogLevel } from './env.schema.js';

/** The typed configuration every part of the server receives; parsed once at boot. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  publicUrl: string | undefined;
  admin: { username: string | undefined; password: string | undefined };
  /** The APP_SECRET from the environment; when absent the boot step loads or creates secret.key. */
  appSecret: string | undefined;
  /** How long an admin session lasts after login. */
  sessionTtlMs: number;
  logLevel: LogLevel;
  trustProxy: boolean | number | string[];
  /** Origins whose pages may call the API across origins (CORS_ORIGINS); empty → no CORS. */
  corsOrigins: string[];
  /** Body idle timeout and anonymous upload slots. */
  httpLimits: HttpLimits;
  /** METRICS_TOKEN: a Bearer token that may read /metrics (besides the admin); unset → admin only. */
  metricsToken: string | undefined;
  /** TEST_ONLY_ALLOW_LOOPBACK_FETCH: outbound fetches may reach loopback (never in production). */
  allowLoopbackFetch: boolean;
}

/** Variables whose values are credentials: a problem with one names its length, not its value. */
const SECRET_VARIABLES = new Set(['APP_SECRET', 'ADMIN_PASSWORD', 'METRICS_TOKEN']);

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Parses the environment; on failure lists every problem in plain words, one per variable. */
export function parseConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ConfigResult {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = env[name] ?? '';
      // A secret is never echoed, even a wrong one: the message may end up in a log.
      const got = SECRET_VARIABLES.has(name) ? `${value.length} characters` : JSON.stringify(value);
      return `${name}: ${issue.message} (got ${got})`;
    });
    return { ok: false, problems };
  }
  const e = parsed.data;
  if (e.TEST_ONLY_ALLOW_LOOPBACK_FETCH && env.NODE_ENV === 'production') {
    return {
      ok: false,
      problems: [
        'TEST_ONLY_ALLOW_LOOPBACK_FETCH: opens the server-side fetches to this machine, for tests only; it is refused when NODE_ENV=production',
      ],
    };
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  return {
    ok: true,
    config: {
      host: e.HOST,
      port: e.PORT,
      dataDir,
      database: e.DATABASE_URL
        ? { kind: 'postgres', url: e.DATABASE_URL }
        : { kind: 'sqlite', file: path.join(dataDir, 'pasteport.db') },
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
      appSecret: e.APP_SECRET,
      sessionTtlMs: Math.round(e.SESSION_TTL_HOURS * 3_600_000),
      logLevel: e.LOG_LEVEL,
      trustProxy: e.TRUST_PROXY,
      corsOrigins: e.CORS_ORIGINS,
      httpLimits: {
        bodyIdleTimeoutMs: Math.round(e.BODY_IDLE_TIMEOUT_SECONDS * 1000),
        maxAnonymousUploads: e.MAX_ANONYMOUS_UPLOADS,
      },
      metricsToken: e.METRICS_TOKEN,
      allowLoopbackFetch: e.TEST_ONLY_ALLOW_LOOPBACK_FETCH,
    },
  };
}

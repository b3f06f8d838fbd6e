import {
  APP_NAME,
  APP_VERSION,
  type DatabaseKind,
  type Health,
  type HealthCheck,
  type VersionInfo,
} from '@pasteport/contract';

/** What the system service probes; each throws when its dependency is down. */
export interface SystemProbes {
  databaseKind: DatabaseKind;
  pingDatabase: () => Promise<void>;
  checkDefaultStorage: () => Promise<void>;
}

const PROBE_TIMEOUT_MS = 3000;

async function timed(probe: () => Promise<void>): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)),
          PROBE_TIMEOUT_MS,
        );
      }),
    ]);
    return { status: 'up', latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { status: 'down', latency_ms: Math.round(performance.now() - started), error: message };
  } finally {
    clearTimeout(timer);
  }
}

/** How long one round of probes answers for. Load balancers poll health; floods must not become disk writes. */
export const HEALTH_REUSE_MS = 1000;

/**
 * Health and version. Health probes the database and the default storage in parallel; callers
 * arriving while a round runs share it, and a finished round is reused for `reuseMs`, so a
 * flood of health checks costs at most one probe round per second (docs/decisions/0003).
 */
export function createSystemService(probes: SystemProbes, options: { reuseMs?: number } = {}) {
  const reuseMs = options.reuseMs ?? HEALTH_REUSE_MS;
  let current: { result: Promise<Health>; finishedAt: number | null } | null = null;

  async function probe(): Promise<Health> {
    const [database, storage] = await Promise.all([
      timed(probes.pingDatabase),
      timed(probes.checkDefaultStorage),
    ]);
    const ok = database.status === 'up' && storage.status === 'up';
    return { status: ok ? 'ok' : 'degraded', checks: { database, storage } };
  }

  return {
    health(): Promise<Health> {
      const fresh =
        current && (current.finishedAt === null || Date.now() - current.finishedAt < reuseMs);
      if (current && fresh) return current.result;
      const round: { result: Promise<Health>; finishedAt: number | null } = {
        result: probe(),
        finishedAt: null,
      };
      current = round;
      void round.result.then(() => {
        round.finishedAt = Date.now();
      });
      return round.result;
    },

    version(): VersionInfo {
      return {
        name: APP_NAME,
        version: APP_VERSION,
        runtime: `node ${process.version}`,
        database: probes.databaseKind,
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;

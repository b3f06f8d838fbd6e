import type { CacheStats } from '@pasteport/contract';
import { processGarbagePacer } from '../../lib/garbage-pacer.js';
import { createRegistry, type Sample } from './registry.js';

/** A connection pool's counts, as pg's Pool exposes them. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

/** Hit and miss counts of a cache, since start. */
export interface CacheLookups {
  name: string;
  hits: number;
  misses: number;
}

/** Where the values read at scrape time come from (the composition wires them). */
export interface MetricsSources {
  version: string;
  /** Tasks pending or running, on every instance (read from the database). */
  activeTasks: () => Promise<number>;
  /** This instance's caches and their lookups. */
  caches: () => readonly (CacheStats | CacheLookups)[];
  /** The database's pool; undefined for SQLite (one connection, always open). */
  pool: (() => PoolCounts) | undefined;
}

/** The outcome of a job run, as the job runner reports it. */
export type JobOutcome = 'success' | 'failure';

/**
 * Pasteport's metrics on a registry of their own (one per app). The HTTP counters are fed by
 * the request hooks (http-metrics.ts), job runs by the job runner; the rest is read when
 * scraped. Names follow Prometheus conventions: base units, `_total` for counters.
 */
export function createServerMetrics(sources: MetricsSources) {
  const registry = createRegistry();
  const startTimeSeconds = Math.round((Date.now() - process.uptime() * 1000) / 1000);

  const httpRequests = registry.counter(
    'pasteport_http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
    ['method', 'route', 'status'],
  );
  const httpDuration = registry.histogram(
    'pasteport_http_request_duration_seconds',
    'Time from receiving a request to finishing its answer, by method and route pattern.',
    ['method', 'route'],
  );
  const uploadBytes = registry.counter(
    'pasteport_upload_bytes_total',
    'Request body bytes received on upload routes, counted as they arrive.',
  );
  const downloadBytes = registry.counter(
    'pasteport_download_bytes_total',
    'Response body bytes sent on download, raw and preview routes, counted as they are written.',
  );
  const jobRuns = registry.counter(
    'pasteport_job_runs_total',
    'Scheduled job runs on this instance, by job and outcome.',
    ['job', 'outcome'],
  );
  registry.collected(
    'gauge',
    'pasteport_tasks_active',
    'Background tasks pending or running (all instances).',
    [],
    async () => [{ value: await sources.activeTasks() }],
  );
  registry.collected(
    'counter',
    'pasteport_cache_requests_total',
    'Lookups in the in-memory caches of this instance, by cache and result (hit or miss).',
    ['cache', 'result'],
    () =>
      sources.caches().flatMap((c): Sample<'cache' | 'result'>[] => [
        { labels: { cache: c.name, result: 'hit' }, value: c.hits },
        { labels: { cache: c.name, result: 'miss' }, value: c.misses },
      ]),
  );
  const pool = sources.pool;
  registry.collected(
    'gauge',
    'pasteport_db_pool_connections',
    'Open database connections (SQLite: always 1).',
    [],
    () => [{ value: pool ? pool().total : 1 }],
  );
  registry.collected(
    'gauge',
    'pasteport_db_pool_idle_connections',
    'Open database connections not in use (PostgreSQL only).',
    [],
    () => (pool ? [{ value: pool().idle }] : []),
  );
  registry.collected(
    'gauge',
    'pasteport_db_pool_waiting_clients',
    'Queries waiting for a free database connection (PostgreSQL only).',
    [],
    () => (pool ? [{ value: pool().waiting }] : []),
  );
  registry.collected(
    'gauge',
    'process_resident_memory_bytes',
    'Resident memory size in bytes.',
    [],
    () => [{ value: process.memoryUsage.rss() }],
  );
  registry.collected(
    'gauge',
    'process_start_time_seconds',
    'Start time of the process since the Unix epoch, in seconds.',
    [],
    () => [{ value: startTimeSeconds }],
  );
  registry.collected('gauge', 'nodejs_heap_used_bytes', 'V8 heap in use, in bytes.', [], () => [
    { value: process.memoryUsage().heapUsed },
  ]);
  registry.collected(
    'counter',
    'pasteport_paced_collections_total',
    'Young-generation collections run for streamed bodies (one per 8 MiB streamed).',
    [],
    () => [{ value: processGarbagePacer().collections }],
  );
  registry.collected(
    'gauge',
    'pasteport_build_info',
    'The running version of Pasteport; always 1.',
    ['version'],
    () => [{ labels: { version: sources.version }, value: 1 }],
  );

  return {
    /** One answered request (route is the pattern, never the URL). */
    request(method: string, route: string, status: number, seconds: number): void {
      httpRequests.inc({ method, route, status: String(status) });
      httpDuration.observe({ method, route }, seconds);
    },
    uploadBytes: (n: number) => uploadBytes.inc({}, n),
    downloadBytes: (n: number) => downloadBytes.inc({}, n),
    jobRun: (job: string, outcome: JobOutcome) => jobRuns.inc({ job, outcome }),
    /** The exposition text of every metric. */
    render: () => registry.render(),
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

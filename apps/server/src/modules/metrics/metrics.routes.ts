import type { FastifyInstance } from 'fastify';
import { EXPOSITION_CONTENT_TYPE } from './registry.js';
import type { ServerMetrics } from './server-metrics.js';

/** Where Prometheus scrapes, by its convention (outside /api: not a JSON endpoint). */
export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics`: the metrics in the Prometheus text format. Readable with the administrator's
 * session or the metrics token (the `scrape` rule in http/access.ts); everyone else gets the
 * usual 401/403 envelope.
 */
export function registerMetricsRoutes(app: FastifyInstance, metrics: ServerMetrics): void {
  app.get(METRICS_PATH, { config: { scrape: true } }, async (_request, reply) =>
    reply
      .header('content-type', EXPOSITION_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metrics.render()),
  );
}

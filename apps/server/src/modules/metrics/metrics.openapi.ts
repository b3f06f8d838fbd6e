import { errorAnswer, type OpenApiExtras } from '@pasteport/contract';
import { METRICS_PATH } from './metrics.routes.js';
import { EXPOSITION_CONTENT_TYPE } from './registry.js';

/**
 * `GET /metrics` in the API description: outside the endpoint table (Prometheus text, not an
 * envelope, at the path scrapers expect) but a route of this server all the same. Its own
 * credential, the metrics token, is a scheme of its own; API keys are refused.
 */
export const METRICS_OPENAPI: OpenApiExtras = {
  paths: {
    [METRICS_PATH]: {
      get: {
        operationId: 'metrics',
        summary: 'Server metrics in the Prometheus text format',
        description:
          'Who may call: the admin, or a scraper presenting METRICS_TOKEN as a Bearer token; ' +
          'API keys are refused. Requests and durations by route pattern, upload and download ' +
          'bytes, active tasks, job runs, cache hits, the database pool and the process.',
        tags: ['Metrics'],
        security: [{ adminSession: [] }, { metricsToken: [] }],
        responses: {
          '200': {
            description: 'The metrics (text exposition format 0.0.4)',
            content: { [EXPOSITION_CONTENT_TYPE]: { schema: { type: 'string' } } },
          },
          '401': errorAnswer(['UNAUTHORIZED', 'SESSION_INVALID']),
          '403': errorAnswer(['ADMIN_ONLY']),
        },
      },
    },
  },
  securitySchemes: {
    metricsToken: {
      type: 'http',
      scheme: 'bearer',
      description: 'The metrics token (METRICS_TOKEN): `Authorization: Bearer <token>`',
    },
  },
};

import { z } from 'zod';
import { healthSchema, versionSchema } from '../system.js';
import { endpoint, json } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'System';

/** Health, version and this API's own description (SPEC §7 System). */
export const systemEndpoints = {
  health: endpoint(ROUTES.health, {
    tag,
    summary: 'Health of the server and its dependencies (503 with the failing checks in data)',
    answer: json(healthSchema),
    errors: ['SERVICE_UNAVAILABLE'],
  }),
  version: endpoint(ROUTES.version, {
    tag,
    summary: 'Version of the server and the database in use',
    answer: json(versionSchema),
    errors: [],
  }),
  openApiDocument: endpoint(ROUTES.openApiDocument, {
    tag,
    summary: 'This API as an OpenAPI 3.1 document',
    answer: { kind: 'content', contentTypes: ['application/json'], description: 'OpenAPI 3.1' },
    errors: [],
  }),
  apiDocsPage: endpoint(ROUTES.apiDocsPage, {
    tag,
    summary: 'The API reference, rendered from the OpenAPI document',
    answer: { kind: 'content', contentTypes: ['text/html'], description: 'The reference page' },
    errors: [],
  }),
  apiDocsAsset: endpoint(ROUTES.apiDocsAsset, {
    tag,
    summary: 'A script or style sheet of the API reference page',
    params: z.object({ asset: z.string().min(1).max(100) }),
    answer: {
      kind: 'content',
      contentTypes: ['text/javascript', 'text/css'],
      description: 'The asset',
    },
    errors: ['NOT_FOUND'],
  }),
};

import { apiKeyEndpoints } from './api-keys.js';
import { authEndpoints } from './auth.js';
import { cacheEndpoints } from './cache.js';
import { dashboardEndpoints } from './dashboard.js';
import type { Endpoint } from './define.js';
import { fileManagementEndpoints, fileShareEndpoints } from './files.js';
import { pasteEndpoints, pasteManagementEndpoints } from './pastes.js';
import type { EndpointName } from './routes.js';
import { settingsEndpoints } from './settings.js';
import { storageConfigEndpoints } from './storage-configs.js';
import { localStorageEndpoints } from './storage-local.js';
import { systemEndpoints } from './system.js';
import { uploadEndpoints } from './uploads.js';
import { urlImportEndpoints } from './url-import.js';

export {
  errorsOf,
  type ContentAnswer,
  type Endpoint,
  type JsonAnswer,
  type JsonBody,
  type StreamBody,
} from './define.js';
export * from './routes.js';
export { buildOpenApiDocument, type OpenApiInfo } from './openapi.js';

/**
 * The endpoint table: every /api route the server registers, one entry each, named as in
 * ROUTES (routes.ts). The server registers its routes from these entries and the OpenAPI
 * document is generated from them.
 */
export const endpoints = {
  ...systemEndpoints,
  ...settingsEndpoints,
  ...dashboardEndpoints,
  ...cacheEndpoints,
  ...authEndpoints,
  ...apiKeyEndpoints,
  ...pasteEndpoints,
  ...pasteManagementEndpoints,
  ...fileManagementEndpoints,
  ...fileShareEndpoints,
  ...uploadEndpoints,
  ...urlImportEndpoints,
  ...storageConfigEndpoints,
  ...localStorageEndpoints,
} satisfies { readonly [K in EndpointName]: Endpoint };

import { apiKeyEndpoints } from './api-keys.js';
import { authEndpoints } from './auth.js';
import { cacheEndpoints } from './cache.js';
import { dashboardEndpoints } from './dashboard.js';
import type { Endpoint } from './define.js';
import { fileManagementEndpoints, fileShareEndpoints } from './files.js';
import { fsReadEndpoints } from './fs-read.js';
import { mountEndpoints } from './mounts.js';
import { fsShareEndpoints } from './fs-share.js';
import { fsArchiveEndpoints } from './fs-archive.js';
import { pasteEndpoints, pasteManagementEndpoints } from './pastes.js';
import type { EndpointName } from './routes.js';
import { fsCopyEndpoints } from './fs-copy.js';
import { fsWriteEndpoints } from './fs-write.js';
import { taskEndpoints } from './tasks.js';
import { searchEndpoints } from './search.js';
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
export {
  buildOpenApiDocument,
  errorAnswer,
  type OpenApiExtras,
  type OpenApiInfo,
} from './openapi.js';

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
  ...fsReadEndpoints,
  ...fsShareEndpoints,
  ...fsArchiveEndpoints,
  ...fsCopyEndpoints,
  ...fsWriteEndpoints,
  ...taskEndpoints,
  ...storageConfigEndpoints,
  ...mountEndpoints,
  ...searchEndpoints,
  ...localStorageEndpoints,
} satisfies { readonly [K in EndpointName]: Endpoint };

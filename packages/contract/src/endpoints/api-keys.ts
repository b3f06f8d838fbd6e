import { z } from 'zod';
import {
  apiKeyInfoSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  updateApiKeyRequestSchema,
} from '../api-keys.js';
import { EMPTY, endpoint, idParams, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'API keys';

/** API key management (admin) and the key self-check (SPEC §7 Auth). */
export const apiKeyEndpoints = {
  listApiKeys: endpoint(ROUTES.listApiKeys, {
    tag,
    summary: 'List the API keys',
    answer: json(z.array(apiKeySchema)),
    errors: [],
  }),
  createApiKey: endpoint(ROUTES.createApiKey, {
    tag,
    summary: 'Create an API key; the answer is the only time its key is shown',
    body: jsonBody(createApiKeyRequestSchema),
    answer: json(createdApiKeySchema, 201),
    errors: ['ALREADY_EXISTS'],
  }),
  updateApiKey: endpoint(ROUTES.updateApiKey, {
    tag,
    summary: "Change an API key's name, expiry, permissions or basic path",
    params: idParams,
    body: jsonBody(updateApiKeyRequestSchema),
    answer: json(apiKeySchema),
    errors: ['NOT_FOUND'],
  }),
  deleteApiKey: endpoint(ROUTES.deleteApiKey, {
    tag,
    summary: 'Delete an API key',
    params: idParams,
    answer: EMPTY,
    errors: ['NOT_FOUND'],
  }),
  apiKeyInfo: endpoint(ROUTES.apiKeyInfo, {
    tag,
    summary: 'Check the presented API key: its name, permissions and basic path',
    answer: json(apiKeyInfoSchema),
    errors: ['FORBIDDEN'],
  }),
};

import { z } from 'zod';
import {
  createStorageConfigRequestSchema,
  storageConfigSchema,
  storageTestResultSchema,
  updateStorageConfigRequestSchema,
} from '../storage-configs.js';
import { EMPTY, endpoint, idParams, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Storage configs';

/** Storage configs (SPEC §7, admin only). */
export const storageConfigEndpoints = {
  listStorageConfigs: endpoint(ROUTES.listStorageConfigs, {
    tag,
    summary: 'List the storage configs (secrets never shown)',
    answer: json(z.array(storageConfigSchema)),
    errors: [],
  }),
  createStorageConfig: endpoint(ROUTES.createStorageConfig, {
    tag,
    summary: 'Add a storage config',
    body: jsonBody(createStorageConfigRequestSchema),
    answer: json(storageConfigSchema, 201),
    errors: [],
  }),
  getStorageConfig: endpoint(ROUTES.getStorageConfig, {
    tag,
    summary: 'Read a storage config',
    params: idParams,
    answer: json(storageConfigSchema),
    errors: ['NOT_FOUND'],
  }),
  updateStorageConfig: endpoint(ROUTES.updateStorageConfig, {
    tag,
    summary: 'Change a storage config',
    params: idParams,
    body: jsonBody(updateStorageConfigRequestSchema),
    answer: json(storageConfigSchema),
    errors: ['NOT_FOUND'],
  }),
  deleteStorageConfig: endpoint(ROUTES.deleteStorageConfig, {
    tag,
    summary: 'Delete a storage config no file uses and that is not the default',
    params: idParams,
    answer: EMPTY,
    errors: ['NOT_FOUND', 'CONFLICT'],
  }),
  setDefaultStorageConfig: endpoint(ROUTES.setDefaultStorageConfig, {
    tag,
    summary: 'Make a storage config the default',
    params: idParams,
    answer: json(storageConfigSchema),
    errors: ['NOT_FOUND'],
  }),
  testStorageConfig: endpoint(ROUTES.testStorageConfig, {
    tag,
    summary: 'Try writing, reading and deleting an object, and the CORS rules browsers need',
    params: idParams,
    answer: json(storageTestResultSchema),
    errors: ['NOT_FOUND'],
  }),
};

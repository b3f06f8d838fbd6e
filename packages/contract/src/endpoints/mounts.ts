import { z } from 'zod';
import { createMountRequestSchema, mountSchema, updateMountRequestSchema } from '../mounts.js';
import { EMPTY, endpoint, idParams, json, jsonBody } from './define.js';
import { ROUTES } from './routes.js';

const tag = 'Mounts';

/** Mount points (SPEC §7 Mounts): managed by the admin, listed by keys with the mount permission. */
export const mountEndpoints = {
  listMounts: endpoint(ROUTES.listMounts, {
    tag,
    summary: 'List every mount point, active or not, in display order',
    answer: json(z.array(mountSchema)),
    errors: [],
  }),
  createMount: endpoint(ROUTES.createMount, {
    tag,
    summary: 'Add a mount point showing a storage config at a path',
    body: jsonBody(createMountRequestSchema),
    answer: json(mountSchema, 201),
    errors: ['ALREADY_EXISTS'],
  }),
  getMount: endpoint(ROUTES.getMount, {
    tag,
    summary: 'Read a mount point',
    params: idParams,
    answer: json(mountSchema),
    errors: ['NOT_FOUND'],
  }),
  updateMount: endpoint(ROUTES.updateMount, {
    tag,
    summary: 'Change a mount point',
    params: idParams,
    body: jsonBody(updateMountRequestSchema),
    answer: json(mountSchema),
    errors: ['NOT_FOUND', 'ALREADY_EXISTS'],
  }),
  deleteMount: endpoint(ROUTES.deleteMount, {
    tag,
    summary: 'Delete a mount point (its storage keeps every object)',
    params: idParams,
    answer: EMPTY,
    errors: ['NOT_FOUND'],
  }),
  listUserMounts: endpoint(ROUTES.listUserMounts, {
    tag,
    summary:
      'The active mounts an API key may use: inside its basic path or above it, on storages open to keys',
    answer: json(z.array(mountSchema)),
    errors: [],
  }),
  getUserMount: endpoint(ROUTES.getUserMount, {
    tag,
    summary: 'Read a mount the API key may use (404 for any other)',
    params: idParams,
    answer: json(mountSchema),
    errors: ['NOT_FOUND'],
  }),
};

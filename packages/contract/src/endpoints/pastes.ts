import { z } from 'zod';
import {
  adminPasteListQuerySchema,
  batchDeleteRequestSchema,
  createPasteRequestSchema,
  deletedCountSchema,
  pasteCreatedSchema,
  pasteDetailSchema,
  pasteListSchema,
  pastePromptSchema,
  pasteViewSchema,
  unlockPasteRequestSchema,
  updatePasteRequestSchema,
  userPasteListQuerySchema,
} from '../pastes.js';
import { EMPTY, endpoint, idParams, json, jsonBody, slugParams } from './define.js';
import { ROUTES, type RouteInfo } from './routes.js';

const tag = 'Pastes';
/** The share password of `/api/raw/{slug}` (a link can carry it). */
const rawQuery = z.object({ password: z.string().max(256).optional() });
const RAW = {
  kind: 'content',
  contentTypes: ['text/plain; charset=utf-8'],
  description: 'The paste as plain text, sandboxed; HEAD gives only its length',
} as const;
const shareErrors = ['NOT_FOUND', 'GONE', 'PASSWORD_INVALID', 'RATE_LIMITED'] as const;

/** Create, open, unlock and raw (SPEC §7 Pastes). Anyone may call; the service decides. */
export const pasteEndpoints = {
  createPaste: endpoint(ROUTES.createPaste, {
    tag,
    summary: 'Create a paste',
    body: jsonBody(createPasteRequestSchema),
    answer: json(pasteCreatedSchema, 201),
    errors: ['SLUG_TAKEN', 'PERMISSION_DENIED'],
  }),
  openPaste: endpoint(ROUTES.openPaste, {
    tag,
    summary: 'Open a paste (counts a view); a protected one answers a password prompt',
    params: slugParams,
    answer: json(z.union([pasteViewSchema, pastePromptSchema])),
    errors: ['NOT_FOUND', 'GONE'],
  }),
  unlockPaste: endpoint(ROUTES.unlockPaste, {
    tag,
    summary: 'Open a password-protected paste',
    params: slugParams,
    body: jsonBody(unlockPasteRequestSchema),
    answer: json(pasteViewSchema),
    errors: shareErrors,
  }),
  rawPaste: endpoint(ROUTES.rawPaste, {
    tag,
    summary: 'The raw text of a paste (counts a view)',
    params: slugParams,
    query: rawQuery,
    answer: RAW,
    errors: shareErrors,
  }),
  rawPasteHead: endpoint(ROUTES.rawPasteHead, {
    tag,
    summary: 'The length of the raw text of a paste (counts no view)',
    params: slugParams,
    query: rawQuery,
    answer: RAW,
    errors: shareErrors,
  }),
};

/** The four record routes, the same for the admin's pastes and an API key's own. */
function pasteRecordEndpoints<
  const R extends Record<'get' | 'update' | 'remove' | 'batch', RouteInfo>,
>(tag: string, whose: string, routes: R) {
  return {
    get: endpoint(routes.get, {
      tag,
      summary: `Read ${whose} paste`,
      params: idParams,
      answer: json(pasteDetailSchema),
      errors: ['NOT_FOUND'],
    }),
    update: endpoint(routes.update, {
      tag,
      summary: `Change ${whose} paste`,
      params: idParams,
      body: jsonBody(updatePasteRequestSchema),
      answer: json(pasteDetailSchema),
      errors: ['NOT_FOUND', 'SLUG_TAKEN'],
    }),
    remove: endpoint(routes.remove, {
      tag,
      summary: `Delete ${whose} paste`,
      params: idParams,
      answer: EMPTY,
      errors: ['NOT_FOUND'],
    }),
    batch: endpoint(routes.batch, {
      tag,
      summary: `Delete several of ${whose} pastes`,
      body: jsonBody(batchDeleteRequestSchema),
      answer: json(deletedCountSchema),
      errors: [],
    }),
  };
}

const admin = 'Pastes (admin)';
const user = 'Pastes (API key)';
const adminPastes = pasteRecordEndpoints(admin, 'any', {
  get: ROUTES.getAdminPaste,
  update: ROUTES.updateAdminPaste,
  remove: ROUTES.deleteAdminPaste,
  batch: ROUTES.batchDeleteAdminPastes,
});
const userPastes = pasteRecordEndpoints(user, "the API key's", {
  get: ROUTES.getUserPaste,
  update: ROUTES.updateUserPaste,
  remove: ROUTES.deleteUserPaste,
  batch: ROUTES.batchDeleteUserPastes,
});

/**
 * Admin (`/api/admin/pastes`, paged) and API-key (`/api/user/pastes`, offset; own pastes only)
 * management (SPEC §7 Pastes).
 */
export const pasteManagementEndpoints = {
  listAdminPastes: endpoint(ROUTES.listAdminPastes, {
    tag: admin,
    summary: 'List pastes, a page at a time',
    query: adminPasteListQuerySchema,
    answer: json(pasteListSchema),
    errors: [],
  }),
  getAdminPaste: adminPastes.get,
  updateAdminPaste: adminPastes.update,
  deleteAdminPaste: adminPastes.remove,
  batchDeleteAdminPastes: adminPastes.batch,
  clearExpiredPastes: endpoint(ROUTES.clearExpiredPastes, {
    tag: admin,
    summary: 'Delete every expired or used-up paste',
    answer: json(deletedCountSchema),
    errors: [],
  }),
  listUserPastes: endpoint(ROUTES.listUserPastes, {
    tag: user,
    summary: "List the API key's pastes",
    query: userPasteListQuerySchema,
    answer: json(pasteListSchema),
    errors: [],
  }),
  getUserPaste: userPastes.get,
  updateUserPaste: userPastes.update,
  deleteUserPaste: userPastes.remove,
  batchDeleteUserPastes: userPastes.batch,
};

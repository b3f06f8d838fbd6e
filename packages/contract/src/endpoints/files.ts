import { z } from 'zod';
import {
  fileDetailSchema,
  fileListQuerySchema,
  fileListSchema,
  filePromptSchema,
  fileUnlockedSchema,
  officePreviewSchema,
  publicFileSchema,
  updateFileRequestSchema,
  verifyFileRequestSchema,
} from '../files.js';
import { batchDeleteRequestSchema, deletedCountSchema } from '../pastes.js';
import { EMPTY, endpoint, idParams, json, jsonBody, slugParams } from './define.js';
import { ROUTES, type RouteInfo } from './routes.js';

type RecordRoutes = Record<'list' | 'get' | 'update' | 'remove' | 'batch', RouteInfo>;

/** The five record routes, the same for the admin's files and an API key's own. */
function fileRecordEndpoints<const R extends RecordRoutes>(tag: string, whose: string, routes: R) {
  return {
    list: endpoint(routes.list, {
      tag,
      summary: `List ${whose} files (limit 50, offset 0 by default)`,
      query: fileListQuerySchema,
      answer: json(fileListSchema),
      errors: [],
    }),
    get: endpoint(routes.get, {
      tag,
      summary: `Read one of ${whose} files`,
      params: idParams,
      answer: json(fileDetailSchema),
      errors: ['NOT_FOUND'],
    }),
    update: endpoint(routes.update, {
      tag,
      summary: `Change one of ${whose} files`,
      params: idParams,
      body: jsonBody(updateFileRequestSchema),
      answer: json(fileDetailSchema),
      errors: ['NOT_FOUND', 'SLUG_TAKEN'],
    }),
    remove: endpoint(routes.remove, {
      tag,
      summary: `Delete one of ${whose} files`,
      params: idParams,
      answer: EMPTY,
      errors: ['NOT_FOUND'],
    }),
    batch: endpoint(routes.batch, {
      tag,
      summary: `Delete several of ${whose} files`,
      body: jsonBody(batchDeleteRequestSchema),
      answer: json(deletedCountSchema),
      errors: [],
    }),
  };
}

const adminFiles = fileRecordEndpoints('Files (admin)', 'all', {
  list: ROUTES.listAdminFiles,
  get: ROUTES.getAdminFile,
  update: ROUTES.updateAdminFile,
  remove: ROUTES.deleteAdminFile,
  batch: ROUTES.batchDeleteAdminFiles,
});
const userFiles = fileRecordEndpoints('Files (API key)', "the API key's", {
  list: ROUTES.listUserFiles,
  get: ROUTES.getUserFile,
  update: ROUTES.updateUserFile,
  remove: ROUTES.deleteUserFile,
  batch: ROUTES.batchDeleteUserFiles,
});

/** Admin (`/api/admin/files`) and API-key (`/api/user/files`, own files only) management. */
export const fileManagementEndpoints = {
  listAdminFiles: adminFiles.list,
  getAdminFile: adminFiles.get,
  updateAdminFile: adminFiles.update,
  deleteAdminFile: adminFiles.remove,
  batchDeleteAdminFiles: adminFiles.batch,
  listUserFiles: userFiles.list,
  getUserFile: userFiles.get,
  updateUserFile: userFiles.update,
  deleteUserFile: userFiles.remove,
  batchDeleteUserFiles: userFiles.batch,
};

const tag = 'File shares';
/** A share link's credentials: its password, or a token from verify. */
const credentialsQuery = z.object({
  password: z.string().max(256).optional(),
  token: z.string().max(200).optional(),
});
const shareErrors = ['NOT_FOUND', 'GONE', 'PASSWORD_INVALID', 'RATE_LIMITED'] as const;
const FILE_CONTENT = {
  kind: 'content',
  contentTypes: ['application/octet-stream', '*/*'],
  description:
    "The file's bytes (Range, ETag and If-None-Match honoured: 206, 304, 416); " +
    'a direct-mode download redirects (302) to storage; HEAD counts no view',
  statuses: [200, 206, 302, 304],
} as const;
const contentErrors = [...shareErrors, 'RANGE_NOT_SATISFIABLE', 'UPSTREAM_FAILED'] as const;

/** The public side of file shares (SPEC §7 Files): info, verify, content and Office links. */
export const fileShareEndpoints = {
  fileInfo: endpoint(ROUTES.fileInfo, {
    tag,
    summary: "A file share's info; a protected one answers a password prompt",
    params: slugParams,
    answer: json(z.union([publicFileSchema, filePromptSchema])),
    errors: ['NOT_FOUND', 'GONE'],
  }),
  verifyFile: endpoint(ROUTES.verifyFile, {
    tag,
    summary: "Check a file share's password; answers the info and an access token",
    params: slugParams,
    body: jsonBody(verifyFileRequestSchema),
    answer: json(fileUnlockedSchema),
    errors: shareErrors,
  }),
  downloadFile: endpoint(ROUTES.downloadFile, {
    tag,
    summary: 'Download a shared file (a GET counts one view)',
    params: slugParams,
    query: credentialsQuery,
    answer: FILE_CONTENT,
    errors: contentErrors,
  }),
  viewFile: endpoint(ROUTES.viewFile, {
    tag,
    summary: 'Show a shared file inline when its type is passive (a GET counts one view)',
    params: slugParams,
    query: credentialsQuery,
    answer: FILE_CONTENT,
    errors: contentErrors,
  }),
  officePreview: endpoint(ROUTES.officePreview, {
    tag,
    summary: 'A short-lived link of this file for an online Office viewer (counts one view)',
    params: slugParams,
    query: credentialsQuery,
    answer: json(officePreviewSchema),
    errors: shareErrors,
  }),
  officeFile: endpoint(ROUTES.officeFile, {
    tag,
    summary: "The file behind an Office viewer's link",
    params: slugParams,
    query: z.object({ grant: z.string().min(1).max(200) }),
    answer: FILE_CONTENT,
    errors: ['NOT_FOUND', 'GONE', 'FORBIDDEN', 'RANGE_NOT_SATISFIABLE'],
  }),
};

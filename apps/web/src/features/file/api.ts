import { ROUTES } from '@pasteport/contract/plain';
import {
  deletedCountSchema,
  fileDetailSchema,
  fileListSchema,
  filePromptSchema,
  fileUnlockedSchema,
  officePreviewSchema,
  publicFileSchema,
  type FileDetail,
  type FileList,
  type FilePrompt,
  type FileUnlocked,
  type PublicFile,
  type UpdateFileRequest,
} from '@pasteport/contract';
import { api, apiLink } from '../../lib/api';
import type { AuthSession } from '../../lib/auth';
import { OfficePreviewError } from './view/office';

/**
 * Every file-sharing call the file page and the file-management module make, checked against
 * the contract (routes of the file API; uploads live in the upload feature).
 */

/** The file's page on this site: `/file/{slug}`. */
export const filePath = (slug: string) => `/file/${encodeURIComponent(slug)}`;

/** The share link of a file, absolute for this origin. */
export function fileShareUrl(slug: string): string {
  return new URL(filePath(slug), window.location.origin).toString();
}

/** GET /public/files/{slug}: the file's facts and links, or the prompt of a password file. */
export async function getPublicFile(
  slug: string,
  signal?: AbortSignal,
): Promise<PublicFile | FilePrompt> {
  const data = await api.call<unknown>(ROUTES.fileInfo, { params: { slug }, signal });
  const prompt = filePromptSchema.safeParse(data);
  return prompt.success ? prompt.data : withApiLinks(publicFileSchema.parse(data));
}

/** The file's content links made to reach the API that wrote them (host.ts apiLink). */
function withApiLinks<T extends PublicFile>(file: T): T {
  return {
    ...file,
    preview_url: apiLink(file.preview_url),
    download_url: apiLink(file.download_url),
  };
}

/** True when the file answered with the password prompt instead of its facts. */
export function isFilePrompt(result: PublicFile | FilePrompt): result is FilePrompt {
  return result.password_required;
}

/** POST /public/files/{slug}/verify {password}: the file plus an access token for its links. */
export async function verifyFile(slug: string, password: string): Promise<FileUnlocked> {
  const data = await api.call<unknown>(ROUTES.verifyFile, { params: { slug }, body: { password } });
  return withApiLinks(fileUnlockedSchema.parse(data));
}

/** How a protected file's office preview proves access: the verify token (never stored). */
export interface FileAccess {
  token?: string;
}

/**
 * GET /office-preview/{slug}: a public, time-limited URL of the document that an online
 * viewer (Microsoft or Google) fetches itself.
 */
export async function officePreviewUrl(
  slug: string,
  { token }: FileAccess = {},
  signal?: AbortSignal,
): Promise<string> {
  const data = await api.call<unknown>(ROUTES.officePreview, {
    params: { slug },
    query: { token },
    signal,
  });
  const parsed = officePreviewSchema.safeParse(data);
  if (!parsed.success) throw new OfficePreviewError('missing_url');
  // The viewer runs elsewhere: it needs an absolute address.
  return new URL(apiLink(parsed.data.url), window.location.origin).toString();
}

/** Which management endpoints a signed-in user uses: /admin/files or /user/files. */
export type FileScope = 'admin' | 'user';

/** The management scope of a session: the admin's, a file-permitted key's own, or none. */
export function fileScopeOf(session: AuthSession): FileScope | undefined {
  if (session.type === 'admin') return 'admin';
  if (session.type === 'apikey' && session.permissions.file) return 'user';
  return undefined;
}

/** The management routes of each scope. */
const MANAGE = {
  admin: {
    list: ROUTES.listAdminFiles,
    get: ROUTES.getAdminFile,
    update: ROUTES.updateAdminFile,
    delete: ROUTES.deleteAdminFile,
    batchDelete: ROUTES.batchDeleteAdminFiles,
  },
  user: {
    list: ROUTES.listUserFiles,
    get: ROUTES.getUserFile,
    update: ROUTES.updateUserFile,
    delete: ROUTES.deleteUserFile,
    batchDelete: ROUTES.batchDeleteUserFiles,
  },
} as const;

/** One page of the file listing (SPEC §9: limit 50, offset 0). */
export interface FilePage {
  limit: number;
  offset: number;
  search?: string;
}

/** GET …/files?limit&offset&search. */
export async function listFiles(
  scope: FileScope,
  { limit, offset, search }: FilePage,
  signal?: AbortSignal,
): Promise<FileList> {
  const data = await api.call<unknown>(MANAGE[scope].list, {
    query: { limit, offset, search },
    signal,
  });
  return fileListSchema.parse(data);
}

/** GET …/files/{id}: everything but the password; never counted as a view. */
export async function getFile(
  scope: FileScope,
  id: string,
  signal?: AbortSignal,
): Promise<FileDetail> {
  return fileDetailSchema.parse(
    await api.call<unknown>(MANAGE[scope].get, { params: { id }, signal }),
  );
}

/** PUT …/files/{id} with only the changed fields; `password: null` clears the password. */
export async function updateFile(
  scope: FileScope,
  id: string,
  changes: UpdateFileRequest,
): Promise<FileDetail> {
  return fileDetailSchema.parse(
    await api.call<unknown>(MANAGE[scope].update, { params: { id }, body: changes }),
  );
}

/** DELETE …/files/{id}. */
export async function deleteFile(scope: FileScope, id: string): Promise<void> {
  await api.call<unknown>(MANAGE[scope].delete, { params: { id } });
}

/** DELETE …/files/batch-delete {ids} → how many were deleted. */
export async function deleteFiles(scope: FileScope, ids: readonly string[]): Promise<number> {
  const data = await api.call<unknown>(MANAGE[scope].batchDelete, { body: { ids } });
  return deletedCountSchema.parse(data).deleted;
}

/** Root query key of every cached file-management read; saving or deleting invalidates it. */
export const MANAGED_FILES_QUERY_KEY = ['files', 'manage'] as const;

/** The query key of one file's management detail. */
export const fileDetailKey = (scope: FileScope, id: string) =>
  [...MANAGED_FILES_QUERY_KEY, scope, 'detail', id] as const;

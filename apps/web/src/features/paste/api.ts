import { ROUTES } from '@pasteport/contract/plain';
import {
  deletedCountSchema,
  pasteCreatedSchema,
  pasteDetailSchema,
  pasteListSchema,
  pastePromptSchema,
  pasteViewSchema,
  type CreatePasteRequest,
  type PasteCreated,
  type PasteDetail,
  type PasteList,
  type PastePrompt,
  type PasteView,
  type UpdatePasteRequest,
} from '@pasteport/contract';
import { absoluteApiUrl, api } from '../../lib/api';
import type { AuthSession } from '../../lib/auth';

/**
 * Every paste call of SPEC §7, checked against the contract. Shared by Home (create), the
 * paste view (open, unlock, edit, delete) and the text-management module (manage).
 */

/** The paste's page on this site (and its API path under /api): `/paste/{slug}`. */
export const pastePath = (slug: string) => `/paste/${encodeURIComponent(slug)}`;

/** POST /paste. */
export async function createPaste(request: CreatePasteRequest): Promise<PasteCreated> {
  return pasteCreatedSchema.parse(await api.call<unknown>(ROUTES.createPaste, { body: request }));
}

/** GET /paste/{slug}: the content (this read is counted) or, for a password paste, the prompt. */
export async function openPaste(
  slug: string,
  signal?: AbortSignal,
): Promise<PasteView | PastePrompt> {
  const data = await api.call<unknown>(ROUTES.openPaste, { params: { slug }, signal });
  const prompt = pastePromptSchema.safeParse(data);
  return prompt.success ? prompt.data : pasteViewSchema.parse(data);
}

/** True when open() answered with the password prompt instead of content. */
export function needsPassword(result: PasteView | PastePrompt): result is PastePrompt {
  return 'password_required' in result;
}

/** POST /paste/{slug} {password}: the content of a password paste (counted). */
export async function unlockPaste(slug: string, password: string): Promise<PasteView> {
  return pasteViewSchema.parse(
    await api.call<unknown>(ROUTES.unlockPaste, { params: { slug }, body: { password } }),
  );
}

/** The raw-text link (SPEC §7: /api/raw/{slug}?password), absolute, on the API's host. */
export function rawPasteUrl(slug: string, password?: string): string {
  const url = absoluteApiUrl(`/raw/${encodeURIComponent(slug)}`);
  if (password) url.searchParams.set('password', password);
  return url.toString();
}

/** The share link of a paste, absolute for this origin. */
export function pasteShareUrl(slug: string): string {
  return new URL(pastePath(slug), window.location.origin).toString();
}

/** Which management endpoints a signed-in user uses: /admin/pastes or /user/pastes. */
export type PasteScope = 'admin' | 'user';

/** The management routes of each scope. */
const MANAGE = {
  admin: {
    list: ROUTES.listAdminPastes,
    get: ROUTES.getAdminPaste,
    update: ROUTES.updateAdminPaste,
    delete: ROUTES.deleteAdminPaste,
    batchDelete: ROUTES.batchDeleteAdminPastes,
  },
  user: {
    list: ROUTES.listUserPastes,
    get: ROUTES.getUserPaste,
    update: ROUTES.updateUserPaste,
    delete: ROUTES.deleteUserPaste,
    batchDelete: ROUTES.batchDeleteUserPastes,
  },
} as const;

/** One page of a listing: admin by page (SPEC §9: page 1, limit 10), user by offset. */
export interface PastePage {
  page: number;
  limit: number;
  search?: string;
}

/** GET /admin/pastes?page&limit or /user/pastes?limit&offset, as one paged call. */
export async function listPastes(
  scope: PasteScope,
  { page, limit, search }: PastePage,
  signal?: AbortSignal,
): Promise<PasteList> {
  const query =
    scope === 'admin' ? { page, limit, search } : { limit, offset: (page - 1) * limit, search };
  return pasteListSchema.parse(await api.call<unknown>(MANAGE[scope].list, { query, signal }));
}

/** GET …/pastes/{id}: everything but the password; never counted as a view. */
export async function getPasteDetail(
  scope: PasteScope,
  id: string,
  signal?: AbortSignal,
): Promise<PasteDetail> {
  return pasteDetailSchema.parse(
    await api.call<unknown>(MANAGE[scope].get, { params: { id }, signal }),
  );
}

/** PUT …/pastes/{id} with only the changed fields; `password: null` clears the password. */
export async function updatePaste(
  scope: PasteScope,
  id: string,
  changes: UpdatePasteRequest,
): Promise<PasteDetail> {
  return pasteDetailSchema.parse(
    await api.call<unknown>(MANAGE[scope].update, { params: { id }, body: changes }),
  );
}

/** DELETE …/pastes/{id}. */
export async function deletePaste(scope: PasteScope, id: string): Promise<void> {
  await api.call<unknown>(MANAGE[scope].delete, { params: { id } });
}

/** POST …/pastes/batch-delete {ids} → how many were deleted. */
export async function deletePastes(scope: PasteScope, ids: readonly string[]): Promise<number> {
  const data = await api.call<unknown>(MANAGE[scope].batchDelete, { body: { ids } });
  return deletedCountSchema.parse(data).deleted;
}

/** POST /admin/pastes/clear-expired (admin only) → how many were removed. */
export async function clearExpiredPastes(): Promise<number> {
  const data = await api.call<unknown>(ROUTES.clearExpiredPastes, { body: { clearExpired: true } });
  return deletedCountSchema.parse(data).deleted;
}

/** The management scope of a session: the admin's, a text-permitted key's own, or none. */
export function pasteScopeOf(session: AuthSession): PasteScope | undefined {
  if (session.type === 'admin') return 'admin';
  if (session.type === 'apikey' && session.permissions.text) return 'user';
  return undefined;
}

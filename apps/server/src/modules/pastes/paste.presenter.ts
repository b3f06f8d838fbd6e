import type { PasteCreated, PasteView } from '@pasteport/contract';
import type { PasteMeta } from './paste.repository.js';

/** The create response: links relative to `baseUrl` ('' gives origin-relative paths). */
export function presentCreatedPaste(row: PasteMeta, baseUrl: string): PasteCreated {
  return {
    slug: row.slug,
    url: `${baseUrl}/paste/${encodeURIComponent(row.slug)}`,
    raw_url: `${baseUrl}/api/raw/${encodeURIComponent(row.slug)}`,
    expires_at: row.expires_at,
    max_views: row.max_views,
    has_password: row.password_hash !== null,
    created_at: row.created_at,
  };
}

/** A counted content read; `manageId` is the row id when the viewer may edit or delete it. */
export function presentPasteView(
  row: PasteMeta,
  content: string,
  views: number,
  manageId: string | null,
): PasteView {
  return {
    slug: row.slug,
    content,
    remark: row.remark,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views,
    remaining_views: row.max_views === 0 ? null : Math.max(0, row.max_views - views),
    has_password: row.password_hash !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    manage_id: manageId,
  };
}

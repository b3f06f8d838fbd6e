import type { FileAccessMode, FileDetail, PublicFile } from '@pasteport/contract';
import type { FileRow } from './file.repository.js';

const slugPath = (slug: string) => encodeURIComponent(slug);

/** What the owner and the administrator see; links relative to `baseUrl` ('' → paths). */
export function presentFileDetail(
  row: FileRow,
  baseUrl: string,
  storageConfigName: string | null = null,
): FileDetail {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    size: row.size,
    mimetype: row.mimetype,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    access_mode: row.access_mode as FileAccessMode,
    s3_config_id: row.storage_config_id,
    storage_config_name: storageConfigName,
    storage_path: row.storage_path,
    etag: row.etag,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    url: `${baseUrl}/file/${slugPath(row.slug)}`,
  };
}

/** The public info of a file; `token` (after verify) rides along in the content links. */
export function presentPublicFile(
  row: FileRow,
  manageId: string | null,
  token?: string,
): PublicFile {
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return {
    slug: row.slug,
    filename: row.filename,
    size: row.size,
    mimetype: row.mimetype,
    remark: row.remark,
    has_password: row.password_hash !== null,
    password_required: false,
    expires_at: row.expires_at,
    max_views: row.max_views,
    views: row.views,
    remaining_views: row.max_views === 0 ? null : Math.max(0, row.max_views - row.views),
    created_at: row.created_at,
    preview_url: `/api/file-view/${slugPath(row.slug)}${query}`,
    download_url: `/api/file-download/${slugPath(row.slug)}${query}`,
    manage_id: manageId,
  };
}

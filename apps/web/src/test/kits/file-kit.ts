import type { FileDetail, FileGoneReason, PublicFile } from '@pasteport/contract';
import { errorBody, jsonResponse } from './api-kit';

/** A file as GET /api/public/files/{slug} shows it; each test says what matters to it. */
export function givenPublicFile(patch: Partial<PublicFile> = {}): PublicFile {
  const slug = patch.slug ?? 'report';
  return {
    slug,
    filename: 'notes.txt',
    size: 1234,
    mimetype: 'text/plain',
    remark: null,
    has_password: false,
    password_required: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    remaining_views: null,
    created_at: '2030-01-02T03:04:00.000Z',
    preview_url: `/api/file-view/${slug}`,
    download_url: `/api/file-download/${slug}`,
    manage_id: null,
    ...patch,
  };
}

/** A file as the management endpoints hold it. */
export function givenFileDetail(patch: Partial<FileDetail> = {}): FileDetail {
  const slug = patch.slug ?? 'report';
  return {
    id: 'f1',
    slug,
    filename: 'notes.txt',
    size: 1234,
    mimetype: 'text/plain',
    remark: null,
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    access_mode: 'proxy',
    s3_config_id: 'local',
    storage_config_name: 'Local disk',
    storage_path: `uploads/${slug}`,
    etag: null,
    created_by: 'admin',
    created_at: '2030-01-02T03:04:00.000Z',
    updated_at: '2030-01-02T03:04:00.000Z',
    url: `/file/${slug}`,
    ...patch,
  };
}

/** A text body as the file-view endpoint sends it. */
export function fileBody(text: string, type = 'text/plain; charset=utf-8'): Response {
  return new Response(text, { status: 200, headers: { 'content-type': type } });
}

/** A 410 as the server sends it, with its reason in details[0].rule. */
export function fileGone(reason?: FileGoneReason): Response {
  const details = reason ? [{ field: 'file', rule: reason, message: 'gone' }] : undefined;
  return jsonResponse(410, { ...errorBody(410, 'GONE', 'Server prose'), details });
}

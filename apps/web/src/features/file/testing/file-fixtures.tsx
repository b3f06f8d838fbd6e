import type { FileDetail, FileGoneReason, PublicFile } from '@pasteport/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { appRoutes } from '../../../app/router';
import { createAuthStore, startAuth } from '../../../lib/auth';
import { errorBody, jsonResponse } from '../../../lib/api/test-helpers';
import { createI18n } from '../../../lib/i18n';

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

/**
 * The whole app at `path`, optionally inside React.StrictMode (as the real entry renders it),
 * which runs mount effects twice.
 */
export function renderFileApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const authStore = createAuthStore();
  onTestFinished(startAuth(authStore));
  const i18n = createI18n('en');
  const app = (
    <AppProviders
      i18n={i18n}
      queryClient={createQueryClient()}
      authStore={authStore}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, i18n, authStore, user: userEvent.setup() };
}

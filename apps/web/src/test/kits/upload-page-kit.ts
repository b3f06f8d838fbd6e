import { screen } from '@testing-library/react';
import { ok, type FakeRoutes } from '../fake-server';
import type { AppRenderer } from '../render-app';
import { signInAsAdmin } from '../sessions';

/** Helpers of the page-level Upload tests (whole app, fake server). */

export const MB = 1024 * 1024;

export const CONFIGS = [
  { id: 'cfg-local', name: 'Local disk', provider_type: 'local', is_default: true },
  { id: 'cfg-s3', name: 'Archive', provider_type: 'aws_s3', is_default: false },
];

/** An admin on a server with two storage configs and a 10 MB limit. */
export function adminServer(routes: FakeRoutes = {}) {
  return signInAsAdmin({
    'GET /api/upload/storage-configs': () => ok(CONFIGS),
    'GET /api/system/max-upload-size': () => ok({ max_upload_size: 10 }),
    ...routes,
  });
}

/** Renders /upload with `renderApp` and waits for the limit and the storage choice. */
export async function openUpload(renderApp: AppRenderer) {
  const view = renderApp('/upload');
  await screen.findByRole('heading', { name: 'Upload files' });
  // The limit line shows once the server answered.
  await screen.findByText('Files can be up to 10 MB each.');
  await screen.findByLabelText('Storage');
  return view;
}

import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, type FakeRoutes } from '../../test/fake-server';
import { adminServer, openUpload } from '../../test/kits/upload-page-kit';
import { installFakeXhr } from '../../test/kits/upload-kit';
import { appRoutes } from '../../app/router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

// Loads the lazily imported page once, outside any single test's time.
beforeAll(() => import('./index'));

const MB = 1024 * 1024;
const REMOTE = 'https://files.example/report.pdf';

/** Opens the URL tab on a remote file of `size` bytes the browser may read, and imports it. */
async function importInBrowser(size: number, routes: FakeRoutes) {
  adminServer({
    'POST /api/url/info': () =>
      ok({
        url: REMOTE,
        filename: 'report.pdf',
        size,
        mimetype: 'application/pdf',
        supports_range: true,
      }),
    'GET /report.pdf': () =>
      new Response(new Uint8Array(size), { headers: { 'content-length': String(size) } }),
    ...routes,
  });
  const { user } = await openUpload(renderApp);
  await user.click(screen.getByRole('tab', { name: 'From a URL' }));
  await user.type(screen.getByRole('textbox', { name: /^File URL/ }), REMOTE);
  await user.click(screen.getByRole('button', { name: 'Get info' }));
  const card = within(await screen.findByRole('region', { name: 'File at this URL' }));
  await user.click(card.getByRole('button', { name: 'Import' }));
  return card;
}

const PRESIGNED = {
  upload_url: 'https://bucket.example/put',
  upload_headers: {},
  file_id: 'f1',
  storage_path: 'uploads/r',
  s3_url: null,
  slug: 'r1',
  provider_type: 'aws_s3',
  contentType: 'application/pdf',
  expires_at: '2030-01-01T00:00:00Z',
  upload_secret: 'secret-1',
};

const MULTIPART = {
  file_id: 'f2',
  upload_id: 'u2',
  slug: 'r2',
  storage_path: 'uploads/r2',
  part_size: 5 * MB,
  part_count: 2,
  presigned_urls: [
    { partNumber: 1, url: 'https://bucket.example/part1' },
    { partNumber: 2, url: 'https://bucket.example/part2' },
  ],
  upload_headers: {},
  expires_at: '2030-01-01T00:00:00Z',
  upload_secret: 'secret-2',
};

/** Storage accepts every PUT (a part or the whole file) with an ETag. */
function storageAcceptsPuts() {
  installFakeXhr((xhr) => xhr.respond(200, '', { etag: '"e"' }));
}

describe('Upload page, URL upload failures (SPEC §8 messages)', () => {
  it('says the presigned URL could not be had, with the server’s reason', async () => {
    const card = await importInBrowser(1000, {
      'POST /api/url/presign': () => fail(403, 'FORBIDDEN'),
    });
    const alert = await card.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to get presigned URL: You do not have permission to do this.',
    );
  });

  it('says the server returned no valid data when the presign answer lacks its fields', async () => {
    const card = await importInBrowser(1000, {
      'POST /api/url/presign': () => ok({ file_id: 'f1' }),
    });
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Presign: server returned no valid data',
    );
  });

  it('says the commit failed, with the server’s reason', async () => {
    storageAcceptsPuts();
    const card = await importInBrowser(1000, {
      'POST /api/url/presign': () => ok(PRESIGNED),
      'POST /api/url/commit': () => fail(403, 'FORBIDDEN'),
    });
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Commit failure: You do not have permission to do this.',
    );
  });

  it('says the multipart upload could not start, with the server’s reason', async () => {
    const card = await importInBrowser(6 * MB, {
      'POST /api/upload/multipart/init': () => fail(403, 'FORBIDDEN'),
    });
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Failed to init multipart upload: You do not have permission to do this.',
    );
  });

  it('says the multipart upload could not be completed, with the server’s reason', async () => {
    storageAcceptsPuts();
    const card = await importInBrowser(6 * MB, {
      'POST /api/upload/multipart/init': () => ok(MULTIPART),
      'POST /api/upload/multipart/complete': () => fail(403, 'FORBIDDEN'),
    });
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Failed to complete multipart upload: You do not have permission to do this.',
    );
  });
});

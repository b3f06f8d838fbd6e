import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../test/fake-server';
import { adminServer, openUpload } from '../../test/kits/upload-page-kit';
import {
  uploadedFileDetail,
  installFakeXhr,
  requestUrl,
  type FakeXhr,
} from '../../test/kits/upload-kit';
import { appRoutes } from '../../app/router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

// Loads the lazily imported page once, outside any single test's time.
beforeAll(() => import('./index'));

const REMOTE = 'https://files.example/report.pdf';
const INFO = {
  url: REMOTE,
  filename: 'report.pdf',
  size: 1000,
  mimetype: 'application/pdf',
  supports_range: true,
};

async function openUrlTab(routes: FakeRoutes) {
  const fetchMock = adminServer({ 'POST /api/url/info': () => ok(INFO), ...routes });
  const view = await openUpload(renderApp);
  await view.user.click(screen.getByRole('tab', { name: 'From a URL' }));
  await view.user.type(screen.getByRole('textbox', { name: /^File URL/ }), REMOTE);
  await view.user.click(screen.getByRole('button', { name: 'Get info' }));
  await screen.findByRole('region', { name: 'File at this URL' });
  return { ...view, fetchMock };
}

describe('Upload page, URL tab', () => {
  it('refuses text that is not an http(s) link', async () => {
    const fetchMock = adminServer();
    const { user } = await openUpload(renderApp);
    await user.click(screen.getByRole('tab', { name: 'From a URL' }));
    await user.type(screen.getByRole('textbox', { name: /^File URL/ }), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Get info' }));
    expect(screen.getByRole('textbox', { name: /^File URL/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a full http or https link'),
    );
    expect(requestsTo(fetchMock, 'POST /api/url/info')).toHaveLength(0);
  });

  it('puts the server’s reason for refusing a URL next to the field', async () => {
    adminServer({
      'POST /api/url/info': () =>
        fail(400, 'VALIDATION_FAILED', {
          details: [
            {
              field: 'url',
              rule: 'private_address',
              message:
                'this URL points to a private or local network address, which is not allowed',
            },
          ],
        }),
    });
    const { user } = await openUpload(renderApp);
    await user.click(screen.getByRole('tab', { name: 'From a URL' }));
    const input = screen.getByRole('textbox', { name: /^File URL/ });
    await user.type(input, 'http://10.0.0.5/secret.bin');
    await user.click(screen.getByRole('button', { name: 'Get info' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(
          'a private or local network address, which the server may not fetch',
        ),
      ),
    );
    expect(screen.queryByText('Some fields are invalid. Check them and try again.')).toBeNull();
  });

  it('shows the info, then downloads through the proxy and uploads in two phases', async () => {
    let put: FakeXhr | undefined;
    installFakeXhr((xhr) => {
      put = xhr;
    });
    const detail = uploadedFileDetail({ slug: 'url1', filename: 'report.pdf', size: 1000 });
    const { user, fetchMock } = await openUrlTab({
      // The remote refuses the browser (CORS): fetch rejects.
      'GET /report.pdf': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/url/proxy': () =>
        new Response(new Uint8Array(1000), { headers: { 'content-length': '1000' } }),
      'POST /api/url/presign': () =>
        ok({
          upload_url: 'https://bucket.example/put',
          upload_headers: { 'Content-Type': 'application/pdf' },
          file_id: 'f9',
          storage_path: 'uploads/url1',
          s3_url: null,
          slug: 'url1',
          provider_type: 'aws_s3',
          contentType: 'application/pdf',
          expires_at: '2030-01-01T00:00:00Z',
          upload_secret: 'secret-9',
        }),
      'POST /api/url/commit': () => ok(detail),
    });
    const card = within(screen.getByRole('region', { name: 'File at this URL' }));
    expect(card.getByText('report.pdf')).toBeInTheDocument();
    expect(card.getByText('application/pdf')).toBeInTheDocument();
    expect(card.getByText('1,000 B')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(put).toBeDefined());
    const proxied = requestsTo(fetchMock, 'GET /api/url/proxy')[0];
    expect(new URL(requestUrl(proxied?.[0]), 'http://localhost').searchParams.get('url')).toBe(
      REMOTE,
    );
    expect(new Headers(proxied?.[1]?.headers).get('authorization')).toBe('Bearer admin-token-1');
    expect(card.getByText(/the server fetched it instead/)).toBeInTheDocument();
    expect(card.getByText('Uploading to storage…')).toBeInTheDocument();

    act(() => put?.progress(500, 1000));
    await waitFor(() => expect(card.getByTestId('transfer-stats')).toHaveTextContent('74 %'));
    expect(put?.method).toBe('PUT');
    expect(put?.requestHeaders['content-type']).toBe('application/pdf');
    act(() => put?.respond(200, '', { etag: '"abc"' }));

    expect(await card.findByText('The file is shared.')).toBeInTheDocument();
    expect(card.getByRole('textbox', { name: 'Share link of report.pdf' })).toHaveValue(
      `${window.location.origin}/file/url1`,
    );
    expect(bodyOf(fetchMock, 'POST /api/url/presign')).toEqual({
      s3_config_id: 'cfg-local',
      url: REMOTE,
      filename: 'report.pdf',
      mimetype: 'application/pdf',
      size: 1000,
    });
    expect(bodyOf(fetchMock, 'POST /api/url/commit')).toMatchObject({
      file_id: 'f9',
      size: 1000,
      etag: '"abc"',
    });
    // The commit presents the secret the presign answered.
    const commit = requestsTo(fetchMock, 'POST /api/url/commit')[0];
    expect(new Headers(commit?.[1]?.headers).get('x-upload-secret')).toBe('secret-9');
    const recent = within(screen.getByRole('region', { name: 'Recent uploads' }));
    expect(await recent.findByText('report.pdf')).toBeInTheDocument();
  });

  it('lets the server fetch it, following progress every second, and cancels', async () => {
    const { user, fetchMock } = await openUrlTab({
      'POST /api/url/import': () =>
        ok({ task_id: 't1', file_id: 'file-t1', upload_secret: 'secret-t1' }, 202),
      'GET /api/url/import/t1': () => ok({ state: 'running', loaded: 250, total: 1000 }),
      'POST /api/url/cancel': () => ok({ cancelled: true }),
    });
    await user.click(screen.getByRole('button', { name: 'Let the server fetch it' }));
    const status = within(await screen.findByTestId('import-status'));
    expect(status.getByText('The server is fetching the file…')).toBeInTheDocument();
    await waitFor(() => expect(status.getByTestId('transfer-stats')).toHaveTextContent('25 %'));
    // The progress poll presents the secret the start answered: a guest's task needs it.
    const poll = requestsTo(fetchMock, 'GET /api/url/import/t1')[0];
    expect(new Headers(poll?.[1]?.headers).get('x-upload-secret')).toBe('secret-t1');
    expect(bodyOf(fetchMock, 'POST /api/url/import')).toEqual({
      s3_config_id: 'cfg-local',
      url: REMOTE,
      filename: 'report.pdf',
    });

    await user.click(status.getByRole('button', { name: 'Cancel' }));
    expect(await status.findByText('The import was cancelled.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/url/cancel')).toEqual({ file_id: 'file-t1' });
    const cancel = requestsTo(fetchMock, 'POST /api/url/cancel')[0];
    expect(new Headers(cancel?.[1]?.headers).get('x-upload-secret')).toBe('secret-t1');
    const polls = requestsTo(fetchMock, 'GET /api/url/import/t1').length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requestsTo(fetchMock, 'GET /api/url/import/t1')).toHaveLength(polls);
  });

  it('shows the link when the server import completes', async () => {
    const detail = uploadedFileDetail({ slug: 'srv1', filename: 'report.pdf' });
    await openUrlTab({
      'POST /api/url/import': () =>
        ok({ task_id: 't2', file_id: 'file-t2', upload_secret: 'secret-t2' }, 202),
      'GET /api/url/import/t2': () =>
        ok({ state: 'completed', loaded: 1000, total: 1000, file: detail }),
    });
    await userClick('Let the server fetch it');
    expect(await screen.findByText('The file is shared.')).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'File at this URL' }));
    expect(card.getByRole('textbox', { name: 'Share link of report.pdf' })).toHaveValue(
      `${window.location.origin}/file/srv1`,
    );
    const recent = within(screen.getByRole('region', { name: 'Recent uploads' }));
    expect(await recent.findByText('report.pdf')).toBeInTheDocument();
  });

  it('words a failed server fetch from its error code', async () => {
    await openUrlTab({
      'POST /api/url/import': () => fail(507, 'INSUFFICIENT_STORAGE'),
    });
    await userClick('Let the server fetch it');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough storage space left for this file.',
    );
  });
});

async function userClick(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await act(() => Promise.resolve());
}

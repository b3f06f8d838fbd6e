import type { PublicFile } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, requestsTo, stubServer, type FakeRoutes } from '../../../test/fake-server';
import { TEXT_PREVIEW_MAX_BYTES } from '../preview-kind';
import { fileBody, givenPublicFile } from '../../../test/kits/file-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderFileApp = createAppRenderer(appRoutes);

const INFO = 'GET /api/public/files/report';
const VIEW = 'GET /api/file-view/report';
const OFFICE = 'GET /api/office-preview/report';

/** Opens /file/report for `file` and waits for its preview frame. */
async function openPreview(file: Partial<PublicFile>, routes: FakeRoutes = {}) {
  const fetchMock = stubServer({ [INFO]: () => ok(givenPublicFile(file)), ...routes });
  const view = renderFileApp('/file/report');
  const preview = await screen.findByTestId('file-preview');
  return { ...view, fetchMock, preview };
}

describe('file previews', () => {
  it('renders Markdown with the paste renderer', async () => {
    const { preview, fetchMock } = await openPreview(
      { filename: 'README.md', mimetype: 'text/markdown' },
      { [VIEW]: () => fileBody('# Project title\n\nSome *words*.', 'text/markdown') },
    );
    expect(preview).toHaveAttribute('data-kind', 'markdown');
    expect(
      await within(preview).findByRole('heading', { name: 'Project title' }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(1);
  });

  it('shows a JSON file as a code block, not as an API answer', async () => {
    const json = '{"code": 500, "success": false, "name": "pasteport"}';
    const { preview } = await openPreview(
      { filename: 'package.json', mimetype: 'application/json' },
      { [VIEW]: () => fileBody(json, 'application/json') },
    );
    expect(preview).toHaveAttribute('data-kind', 'config');
    await waitFor(() => expect(preview.querySelector('pre')).toHaveTextContent('"pasteport"'));
    expect(within(preview).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows HTML as source, and rendered only in a sandbox without scripts', async () => {
    const html = '<h1>Hi</h1><script>alert(1)</script>';
    const { preview, user } = await openPreview(
      { filename: 'page.html', mimetype: 'text/html' },
      { [VIEW]: () => fileBody(html, 'text/html') },
    );
    expect(preview).toHaveAttribute('data-kind', 'html');
    await waitFor(() => expect(preview.querySelector('pre')).toHaveTextContent('<script>'));
    expect(preview.querySelector('iframe')).toBeNull();

    await user.click(within(preview).getByRole('tab', { name: 'Rendered' }));
    const frame = within(preview).getByTitle('Rendered HTML page');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(html);
    expect(within(preview).getByText(/Scripts are turned off/)).toBeInTheDocument();
  });

  it('embeds a PDF in a titled frame', async () => {
    const { preview, fetchMock } = await openPreview({
      filename: 'paper.pdf',
      mimetype: 'application/pdf',
    });
    expect(preview).toHaveAttribute('data-kind', 'pdf');
    const frame = within(preview).getByTitle('PDF: paper.pdf');
    expect(frame).toHaveAttribute('src', '/api/file-view/report');
    // The browser loads it; this page fetches nothing itself.
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(0);
  });

  it('fits an image to the screen and shows it at full size on click', async () => {
    const { preview, user } = await openPreview({ filename: 'photo.png', mimetype: 'image/png' });
    expect(preview).toHaveAttribute('data-kind', 'image');
    const image = within(preview).getByRole('img', { name: 'photo.png' });
    expect(image).toHaveAttribute('src', '/api/file-view/report');
    const zoom = within(preview).getByRole('button', { name: 'Show at full size' });
    expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await user.click(zoom);
    expect(within(preview).getByRole('button', { name: 'Fit to screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The same element: zooming never fetches the image again.
    expect(within(preview).getByRole('img', { name: 'photo.png' })).toBe(image);
  });

  it('plays video with the browser’s controls, loading only its metadata', async () => {
    const { preview } = await openPreview({ filename: 'clip.mp4', mimetype: 'video/mp4' });
    expect(preview).toHaveAttribute('data-kind', 'video');
    const video = preview.querySelector('video');
    expect(video).toHaveAttribute('src', '/api/file-view/report');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAccessibleName('Video: clip.mp4');
  });

  it('plays audio with the browser’s controls', async () => {
    const { preview } = await openPreview({ filename: 'song.mp3', mimetype: 'audio/mpeg' });
    expect(preview).toHaveAttribute('data-kind', 'audio');
    const audio = preview.querySelector('audio');
    expect(audio).toHaveAttribute('src', '/api/file-view/report');
    expect(audio).toHaveAttribute('controls');
  });

  it('opens an Office document in the Microsoft viewer, or Google’s on request', async () => {
    const documentUrl = 'https://share.example/api/office-file/abc?expires=1';
    const { preview, user, fetchMock } = await openPreview(
      {
        filename: 'report.docx',
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { [OFFICE]: () => ok({ url: documentUrl, expires_at: '2030-01-01T00:00:00.000Z' }) },
    );
    expect(preview).toHaveAttribute('data-kind', 'office');
    expect(within(preview).getByText(/sent to Microsoft's online viewer/)).toBeInTheDocument();
    expect(within(preview).getByText(/private network/)).toBeInTheDocument();
    const microsoft = await within(preview).findByTitle('report.docx in the Microsoft viewer');
    expect(microsoft).toHaveAttribute(
      'src',
      `https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(documentUrl)}`,
    );

    await user.click(within(preview).getByRole('radio', { name: 'Google' }));
    const google = within(preview).getByTitle('report.docx in the Google viewer');
    expect(google).toHaveAttribute(
      'src',
      `https://docs.google.com/viewer?url=${encodeURIComponent(documentUrl)}&embedded=true`,
    );
    // One link, asked for once (the counted read), serves both viewers.
    expect(requestsTo(fetchMock, OFFICE)).toHaveLength(1);
    expect(screen.getByTestId('file-views')).toHaveTextContent('1');
  });

  it('passes the access token of an unlocked file to the Office preview', async () => {
    const fetchMock = stubServer({
      [INFO]: () => ok({ slug: 'report', has_password: true, password_required: true }),
      'POST /api/public/files/report/verify': () =>
        ok({
          ...givenPublicFile({ filename: 'deck.pptx', mimetype: '', has_password: true }),
          access_token: 'tok-9',
          access_token_expires_at: '2030-01-01T00:00:00.000Z',
        }),
      [OFFICE]: () => ok({ url: '/api/office-file/x', expires_at: '2030-01-01T00:00:00.000Z' }),
    });
    const { user } = renderFileApp('/file/report');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    const frame = await screen.findByTitle('deck.pptx in the Microsoft viewer');
    const [call] = requestsTo(fetchMock, OFFICE);
    expect(new URL(call?.[0] as string, 'http://x').searchParams.get('token')).toBe('tok-9');
    // A relative link is made absolute: the viewer fetches it from elsewhere.
    expect(frame.getAttribute('src')).toContain(
      encodeURIComponent(`${window.location.origin}/api/office-file/x`),
    );
  });

  it('says so when the server’s answer has no document link (SPEC §8)', async () => {
    const { preview } = await openPreview(
      {
        filename: 'report.docx',
        mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
      { [OFFICE]: () => ok({ expires_at: '2030-01-01T00:00:00.000Z' }) },
    );
    expect(await within(preview).findByRole('alert')).toHaveTextContent(
      "The server's answer had no document link to preview.",
    );
  });

  it('shows a card with icon, size and download for files without a preview', async () => {
    const { preview, fetchMock } = await openPreview({
      filename: 'firmware.bin',
      mimetype: 'application/octet-stream',
      size: 2048,
    });
    expect(preview).toHaveAttribute('data-kind', 'none');
    expect(within(preview).getByText('2 KB')).toBeInTheDocument();
    expect(within(preview).getByText(/no preview for this type/)).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/file-download/report',
    );
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(0);
    expect(screen.getByTestId('file-views')).toHaveTextContent('0');
  });

  it('never fetches a text file larger than the preview limit', async () => {
    const { preview, fetchMock } = await openPreview({
      filename: 'huge.log',
      mimetype: 'text/plain',
      size: TEXT_PREVIEW_MAX_BYTES + 1,
    });
    expect(preview).toHaveAttribute('data-kind', 'tooLarge');
    expect(
      within(preview).getByText(/too large to preview here \(the limit is 2 MB\)/),
    ).toBeVisible();
    expect(within(preview).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(0);
  });

  it('says why a text preview failed, in words from the error code', async () => {
    const { preview } = await openPreview(
      { filename: 'a.txt' },
      {
        [VIEW]: () =>
          new Response(JSON.stringify({ code: 410, success: false, error: 'GONE', message: 'x' }), {
            status: 410,
            headers: { 'content-type': 'application/json' },
          }),
      },
    );
    const alert = await within(preview).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the preview');
    expect(alert).toHaveTextContent('This link has expired or has reached its view limit.');
    // A refused read is final: no retry that would only cost another view.
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

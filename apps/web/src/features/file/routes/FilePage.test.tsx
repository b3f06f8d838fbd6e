import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { fileBody, fileGone, givenFileDetail, givenPublicFile } from '../../../test/kits/file-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderFileApp = createAppRenderer(appRoutes);

const INFO = 'GET /api/public/files/report';
const VERIFY = 'POST /api/public/files/report/verify';
const VIEW = 'GET /api/file-view/report';

/** The action bar beside the preview (the generic card has a download button of its own). */
const actions = () => within(screen.getByRole('group', { name: 'File actions' }));
const findActions = async () => within(await screen.findByRole('group', { name: 'File actions' }));

describe('file page: opening', () => {
  it('shows a skeleton, then the file with its facts', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    stubServer({
      [INFO]: async () => {
        await answered;
        return ok(
          givenPublicFile({
            filename: 'quarterly report.bin',
            mimetype: 'application/octet-stream',
            size: 5 * 1024 * 1024,
            remark: 'for the board',
            expires_at: '2031-05-06T07:08:00.000Z',
            max_views: 5,
            views: 2,
            remaining_views: 3,
          }),
        );
      },
    });
    renderFileApp('/file/report');
    expect(await screen.findByTestId('file-skeleton')).toBeInTheDocument();
    answer();
    expect(await screen.findByTestId('page-title')).toHaveTextContent('quarterly report.bin');
    expect(screen.getByTestId('file-remark')).toHaveTextContent('for the board');
    expect(screen.getByTestId('file-size')).toHaveTextContent('5 MB');
    expect(screen.getByTestId('file-type')).toHaveTextContent('application/octet-stream');
    const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByTestId('file-uploaded')).toHaveTextContent(
      dateTime.format(new Date('2030-01-02T03:04:00.000Z')),
    );
    expect(screen.getByTestId('file-expiry')).toHaveTextContent(
      dateTime.format(new Date('2031-05-06T07:08:00.000Z')),
    );
    expect(screen.getByTestId('file-views')).toHaveTextContent('2 · 3 views left');
    expect(screen.queryByTestId('file-protected')).not.toBeInTheDocument();
    expect(screen.queryByTestId('file-skeleton')).not.toBeInTheDocument();
    expect(document.title).toBe('quarterly report.bin · Pasteport');
    const download = actions().getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/file-download/report');
    expect(download).toHaveAttribute('download', 'quarterly report.bin');
    expect(screen.getByText('Each download counts as a view.')).toBeInTheDocument();
  });

  it('counts a download as a view and says when none are left', async () => {
    stubServer({
      [INFO]: () =>
        ok(
          givenPublicFile({
            filename: 'a.zip',
            mimetype: 'application/zip',
            max_views: 3,
            views: 2,
            remaining_views: 1,
          }),
        ),
    });
    const { user } = renderFileApp('/file/report');
    const download = (await findActions()).getByRole('link', { name: 'Download' });
    // The browser would start the download; jsdom must not navigate.
    download.addEventListener('click', (event) => event.preventDefault());
    await user.click(download);
    expect(screen.getByTestId('file-views')).toHaveTextContent('3 · 0 views left');
    expect(screen.getByTestId('last-view-notice')).toHaveTextContent('No views left');
    expect(actions().queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});

describe('file page: problems', () => {
  it('404: no file at this link, with a way to upload one', async () => {
    stubServer({ [INFO]: () => fail(404, 'NOT_FOUND') });
    renderFileApp('/file/report');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No file at this link' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a file' })).toHaveAttribute('href', '/upload');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    ['expired' as const, 'This file has expired', /shared for a limited time/],
    ['view_limit' as const, 'This file has reached its view limit', /every view has been used/],
    [undefined, 'This file is no longer available', /expired or reached its view limit/],
  ])('410 with reason %s is told as "%s"', async (reason, heading, description) => {
    stubServer({ [INFO]: () => fileGone(reason) });
    renderFileApp('/file/report');
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('a network failure offers a retry that asks again', async () => {
    let online = false;
    const fetchMock = stubServer({
      [INFO]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok(givenPublicFile({ filename: 'back.bin', mimetype: 'application/octet-stream' }));
      },
    });
    const { user } = renderFileApp('/file/report');
    expect(
      await screen.findByRole('heading', { name: 'Could not load the file' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Network connection failed/)).toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('back.bin');
    // Three tries (one plus two automatic retries: reading facts is never counted), then one.
    expect(requestsTo(fetchMock, INFO)).toHaveLength(4);
  });
});

describe('file page: password', () => {
  const prompt = { slug: 'report', has_password: true, password_required: true };

  it('asks for the password, says when it is wrong, then shows the file with a token', async () => {
    const unlocked = givenPublicFile({
      has_password: true,
      preview_url: '/api/file-view/report?token=tok-1',
      download_url: '/api/file-download/report?token=tok-1',
    });
    const fetchMock = stubServer({
      [INFO]: () => ok(prompt),
      [VERIFY]: ({ body }) =>
        (body as { password: string }).password === 'right'
          ? ok({
              ...unlocked,
              access_token: 'tok-1',
              access_token_expires_at: '2030-01-03T00:00:00.000Z',
            })
          : fail(401, 'PASSWORD_INVALID'),
      [VIEW]: () => fileBody('the secret notes'),
    });
    const { user } = renderFileApp('/file/report');
    const field = await screen.findByLabelText('Password');
    await waitFor(() => expect(field).toHaveFocus());

    await user.type(field, 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'right{Enter}');
    expect(await screen.findByText('the secret notes')).toBeInTheDocument();
    expect(bodyOf(fetchMock, VERIFY)).toEqual({ password: 'wrong' });
    expect(screen.getByTestId('file-protected')).toHaveTextContent('Password-protected');
    // The links carry the token; the token lives in memory, never in storage.
    const [viewCall] = requestsTo(fetchMock, VIEW);
    expect(viewCall?.[0]).toBe('/api/file-view/report?token=tok-1');
    expect(actions().getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/file-download/report?token=tok-1',
    );
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('tok-1');
  });

  it('says how long to wait after too many attempts', async () => {
    stubServer({
      [INFO]: () => ok(prompt),
      [VERIFY]: () => fail(429, 'RATE_LIMITED', { headers: { 'retry-after': '120' } }),
    });
    const { user } = renderFileApp('/file/report');
    await user.type(await screen.findByLabelText('Password'), 'guess{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Try again in 2 minutes.',
    );
  });

  it('does not send an empty password', async () => {
    const fetchMock = stubServer({ [INFO]: () => ok(prompt) });
    const { user } = renderFileApp('/file/report');
    await screen.findByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the password.');
    expect(requestsTo(fetchMock, VERIFY)).toHaveLength(0);
  });

  it('ends the visit when the file expires while the prompt is open', async () => {
    stubServer({ [INFO]: () => ok(prompt), [VERIFY]: () => fileGone('expired') });
    const { user } = renderFileApp('/file/report');
    await user.type(await screen.findByLabelText('Password'), 'pw{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'This file has expired' }),
    ).toBeInTheDocument();
  });
});

describe('file page: managing', () => {
  it('offers no edit or delete without manage_id, even to the admin', async () => {
    signInAsAdmin({ [INFO]: () => ok(givenPublicFile({ filename: 'a.bin', mimetype: '' })) });
    renderFileApp('/file/report');
    await findActions();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers no edit or delete to a visitor who is not signed in', async () => {
    stubServer({
      [INFO]: () => ok(givenPublicFile({ filename: 'a.bin', mimetype: '', manage_id: 'f1' })),
    });
    renderFileApp('/file/report');
    await findActions();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('edits through /admin/files for the admin and stays on the renamed file', async () => {
    const detail = givenFileDetail({ filename: 'a.txt' });
    const fetchMock = signInAsAdmin({
      [INFO]: () => ok(givenPublicFile({ filename: 'a.txt', manage_id: 'f1' })),
      [VIEW]: () => fileBody('hello there'),
      'GET /api/admin/files/f1': () => ok(detail),
      'PUT /api/admin/files/f1': ({ body }) => ok({ ...detail, ...(body as object) }),
    });
    const { user, router } = renderFileApp('/file/report');
    expect(await screen.findByText('hello there')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit “a.txt”' }));
    const slug = await dialog.findByLabelText(/^Link suffix/);
    await user.clear(slug);
    await user.type(slug, 'renamed');
    await user.selectOptions(dialog.getByLabelText(/^Expires/), 'In 7 days');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/file/renamed'));
    expect(bodyOf(fetchMock, 'PUT /api/admin/files/f1')).toEqual({
      slug: 'renamed',
      expires_in: 168,
    });
    expect(await screen.findByText('Saved “a.txt”.')).toBeInTheDocument();
    // Same visit: the preview is not read (and counted) again, nor are the facts.
    expect(screen.getByText('hello there')).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(1);
    expect(requestsTo(fetchMock, INFO)).toHaveLength(1);
    expect(actions().getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/file-download/renamed',
    );
  });

  it('deletes through /user/files for a key with the file permission, then goes Home', async () => {
    const fetchMock = signInWithApiKey(keyInfo({ file: true }), {
      [INFO]: () => ok(givenPublicFile({ filename: 'mine.bin', mimetype: '', manage_id: 'k9' })),
      'DELETE /api/user/files/k9': () => ok({}),
    });
    const { user, router } = renderFileApp('/file/report');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete file' }));
    expect(dialog.getByText(/Delete the file “mine.bin”/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requestsTo(fetchMock, 'DELETE /api/user/files/k9')).toHaveLength(1);
    expect(await screen.findByText('File “mine.bin” deleted.')).toBeInTheDocument();
  });

  it('shows the QR code of the share link', async () => {
    stubServer({ [INFO]: () => ok(givenPublicFile({ filename: 'a.bin', mimetype: '' })) });
    const { user } = renderFileApp('/file/report');
    await user.click(await screen.findByRole('button', { name: 'QR code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'QR code of “a.bin”' }));
    expect(dialog.getByText(`${window.location.origin}/file/report`)).toBeInTheDocument();
  });
});

describe('file page: counting reads', () => {
  it('fetches the preview once under StrictMode, focus, reconnect and sign-out', async () => {
    const fetchMock = signInAsAdmin({
      [INFO]: () => ok(givenPublicFile()),
      [VIEW]: () => fileBody('counted once'),
    });
    const { authStore } = renderFileApp('/file/report', { strict: true });
    expect(await screen.findByText('counted once')).toBeInTheDocument();
    fireEvent.focus(window);
    fireEvent(window, new Event('online'));
    act(() => authStore.logout());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('counted once')).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(1);
    expect(screen.getByTestId('file-views')).toHaveTextContent('1');
  });

  it('asks before previewing a file with a view limit, then shows the views left', async () => {
    const fetchMock = stubServer({
      [INFO]: () => ok(givenPublicFile({ max_views: 4, views: 1, remaining_views: 3 })),
      [VIEW]: () => fileBody('limited text'),
    });
    const { user } = renderFileApp('/file/report');
    expect(await screen.findByText(/can be opened 3 more times/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(await screen.findByText('limited text')).toBeInTheDocument();
    expect(requestsTo(fetchMock, VIEW)).toHaveLength(1);
    expect(screen.getByTestId('file-views')).toHaveTextContent('2 · 2 views left');
  });

  it('warns that previewing the last view leaves nothing to download', async () => {
    stubServer({
      [INFO]: () => ok(givenPublicFile({ max_views: 1, views: 0, remaining_views: 1 })),
      [VIEW]: () => fileBody('last look'),
    });
    const { user } = renderFileApp('/file/report');
    expect(await screen.findByText(/only once more/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show preview' }));
    expect(await screen.findByText('last look')).toBeInTheDocument();
    expect(screen.getByTestId('last-view-notice')).toBeInTheDocument();
    expect(actions().queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });
});

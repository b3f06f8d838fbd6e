import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { deleteOfflineDb } from '../../../lib/offline-db';
import { fail, ok, requestsTo, stubServer } from '../../../test/fake-server';
import { fileBody, givenPublicFile } from '../../../test/kits/file-kit';
import {
  givenCopy,
  goOffline,
  guestOwner,
  storedCopy,
  waitForCopy,
} from '../../../test/kits/offline-kit';
import { createAppRenderer } from '../../../test/render-app';

const renderFileApp = createAppRenderer(appRoutes);

const INFO = 'GET /api/public/files/report';
const VERIFY = 'POST /api/public/files/report/verify';
const VIEW = 'GET /api/file-view/report';
const prompt = { slug: 'report', has_password: true, password_required: true };

afterEach(async () => {
  await deleteOfflineDb();
});

const noConnection = () => {
  throw new TypeError('Failed to fetch');
};

describe('file page: offline copies', () => {
  it('keeps the facts of a file read online for the one who read it', async () => {
    stubServer({
      [INFO]: () => ok(givenPublicFile({ filename: 'minutes.txt' })),
      [VIEW]: () => fileBody('text'),
    });
    renderFileApp('/file/report');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('minutes.txt');
    const copy = await waitForCopy('files', 'report');
    expect(copy).toMatchObject({ owner: guestOwner(), data: { filename: 'minutes.txt' } });
  });

  it('shows the kept facts while offline, saying they come from the offline copy', async () => {
    await givenCopy('files', 'report', {
      owner: guestOwner(),
      data: givenPublicFile({ filename: 'kept.txt' }),
    });
    goOffline();
    const fetchMock = stubServer({ [INFO]: noConnection, [VIEW]: noConnection });
    renderFileApp('/file/report');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('kept.txt');
    expect(screen.getByTestId('offline-copy-notice')).toHaveTextContent(
      'Shown from offline copy saved',
    );
    expect(requestsTo(fetchMock, INFO)).toHaveLength(1);
  });

  it('shows a server error as before, even with a copy kept', async () => {
    await givenCopy('files', 'report', { owner: guestOwner(), data: givenPublicFile() });
    stubServer({ [INFO]: () => fail(503, 'INTERNAL') });
    renderFileApp('/file/report');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('page-title')).not.toHaveTextContent('notes.txt');
  });

  it('keeps no file with a view limit, and drops an earlier copy', async () => {
    await givenCopy('files', 'report', { owner: guestOwner(), data: givenPublicFile() });
    stubServer({
      [INFO]: () => ok(givenPublicFile({ filename: 'limited.bin', max_views: 3 })),
    });
    renderFileApp('/file/report');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('limited.bin');
    await waitFor(async () => expect(await storedCopy('files', 'report')).toBeUndefined());
  });

  it('keeps a protected file only once unlocked, without the password or its token', async () => {
    const unlocked = givenPublicFile({
      has_password: true,
      filename: 'secret.txt',
      preview_url: '/api/file-view/report?token=tok-1',
      download_url: '/api/file-download/report?token=tok-1&disposition=attachment',
    });
    stubServer({
      [INFO]: () => ok(prompt),
      [VERIFY]: () =>
        ok({ ...unlocked, access_token: 'tok-1', access_token_expires_at: '2030-01-03T00:00Z' }),
      [VIEW]: () => fileBody('the secret notes'),
      'GET /api/public/files/other': () => ok(givenPublicFile({ slug: 'other' })),
    });
    const { user } = renderFileApp('/file/report');
    const field = await screen.findByLabelText('Password');
    // Another page kept after the prompt showed: had the prompt been kept, it would be by now.
    renderFileApp('/file/other');
    await waitForCopy('files', 'other');
    expect(await storedCopy('files', 'report')).toBeUndefined();

    await user.type(field, 'hunter2{Enter}');
    expect(await screen.findByText('the secret notes')).toBeInTheDocument();
    const copy = await waitForCopy('files', 'report');
    expect(copy).toMatchObject({
      owner: guestOwner(),
      data: {
        filename: 'secret.txt',
        preview_url: '/api/file-view/report',
        download_url: '/api/file-download/report?disposition=attachment',
      },
    });
    expect(JSON.stringify(copy)).not.toMatch(/hunter2|tok-1|access_token/);
  });
});

import 'fake-indexeddb/auto';
import type { FsItem, FsList } from '@pasteport/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { offlineOwnerOf } from '../../../lib/offline-copies';
import { deleteOfflineDb } from '../../../lib/offline-db';
import { fail, ok } from '../../../test/fake-server';
import { givenCopy, goOffline, waitForCopy } from '../../../test/kits/offline-kit';
import { createAppRenderer } from '../../../test/render-app';
import { ADMIN, signInAsAdmin } from '../../../test/sessions';

const renderApp = createAppRenderer(appRoutes);

afterEach(async () => {
  await deleteOfflineDb();
});

const adminOwner = () =>
  offlineOwnerOf({ type: 'admin', token: ADMIN.token, username: ADMIN.username, expiresAt: '' });

function file(name: string): FsItem {
  return {
    name,
    path: `/team/${name}`,
    isDirectory: false,
    size: 2048,
    modified: '2026-11-01T10:00:00Z',
    mimetype: 'text/plain',
  };
}

const TEAM: FsList = {
  path: '/team',
  isVirtual: false,
  mount_id: 'm1',
  storage_type: 'LOCAL',
  writable: true,
  items: [file('notes.txt'), file('plan.txt')],
  next_cursor: null,
};

const rowNames = async () =>
  (await screen.findAllByRole('listitem')).map((row) => row.textContent ?? '');

describe('mount explorer: offline copies', () => {
  it('keeps a listed folder, then shows it offline, read-only, saying it is the offline copy', async () => {
    signInAsAdmin({ 'GET /api/fs/list': () => ok(TEAM) });
    renderApp('/mount-explorer/team');
    expect((await rowNames()).join()).toContain('plan.txt');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    const copy = await waitForCopy('directories', '/team');
    expect(copy).toMatchObject({ owner: adminOwner(), data: [{ path: '/team' }] });
    cleanup();

    goOffline();
    signInAsAdmin({
      'GET /api/fs/list': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/mount-explorer/team');
    expect((await rowNames()).join()).toContain('plan.txt');
    expect(screen.getByTestId('offline-copy-notice')).toHaveTextContent(
      'Shown from offline copy saved',
    );
    // Nothing can be written offline: the copy offers no write.
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('shows a server error as before, even with a copy kept', async () => {
    await givenCopy('directories', '/team', { owner: adminOwner(), data: [TEAM] });
    signInAsAdmin({ 'GET /api/fs/list': () => fail(403, 'PATH_FORBIDDEN') });
    renderApp('/mount-explorer/team');
    expect(await screen.findByText('No access here')).toBeInTheDocument();
    expect(screen.queryByText('plan.txt')).not.toBeInTheDocument();
    expect(screen.queryByTestId('offline-copy-notice')).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { fail, ok, type FakeRequest } from '../../../test/fake-server';
import { pretendPhone } from '../../../test/kits/managed-list-kit';
import { copyAndExpect, webDavAddressField, webDavRootHere } from '../../../test/kits/webdav-kit';
import { createAppRenderer } from '../../../test/render-app';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { givenFile, givenPage } from '../actions/explorer-test-kit';
import { explorerHref } from '../location';

const renderApp = createAppRenderer(appRoutes);

/** A folder whose names need encoding: Unicode, spaces, #, %, +. */
const FOLDER = '/team/文档 2026/a#b%c+d';
const ENCODED = 'team/%E6%96%87%E6%A1%A3%202026/a%23b%25c%2Bd/';

/** A fake `GET /api/fs/list` answering one folder with one file. */
function listingOf(path: string) {
  return {
    'GET /api/fs/list': ({ url }: FakeRequest) =>
      url.searchParams.get('path') === path
        ? ok(givenPage(path, [givenFile(path, 'notes.md')]))
        : fail(404, 'NOT_FOUND'),
  };
}

describe('WebDAV in the mount explorer', () => {
  it('shows the address of the folder on screen, copyable, opened from the keyboard', async () => {
    signInAsAdmin(listingOf(FOLDER));
    const { user } = renderApp(explorerHref(FOLDER));
    await screen.findByText('notes.md');
    const button = screen.getByRole('button', { name: 'WebDAV' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Connect with WebDAV' });
    const address = `${webDavRootHere()}${ENCODED}`;
    expect(await webDavAddressField(dialog)).toHaveValue(address);
    expect(
      within(dialog).getByText(`Open ${FOLDER} as a network drive`, { exact: false }),
    ).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveValue('root');
    await copyAndExpect(
      user,
      within(dialog).getByRole('button', { name: 'Copy the WebDAV address' }),
      address,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs a key in with its name, the key being the password', async () => {
    signInWithApiKey(keyInfo({ mount: true }, '/team', 'backup bot'), listingOf('/team'));
    const { user } = renderApp('/mount-explorer/team');
    await screen.findByText('notes.md');
    await user.click(screen.getByRole('button', { name: 'WebDAV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with WebDAV' });
    expect(await webDavAddressField(dialog)).toHaveValue(`${webDavRootHere()}team/`);
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveValue('backup bot');
    expect(within(dialog).getByText(/the API key itself/)).toBeVisible();
  });

  it('is in the More menu on a phone', async () => {
    pretendPhone();
    signInAsAdmin(listingOf('/team'));
    const { user } = renderApp('/mount-explorer/team');
    await screen.findByText('notes.md');
    expect(screen.queryByRole('button', { name: 'WebDAV' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'WebDAV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect with WebDAV' });
    expect(await webDavAddressField(dialog)).toHaveValue(`${webDavRootHere()}team/`);
  });
});

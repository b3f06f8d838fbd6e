import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFinders, pretendPhone } from '../../../test/kits/managed-list-kit';
import { bodyOf, fail, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import type { PasteDetail } from '@pasteport/contract';
import {
  givenPaste,
  givenPastes,
  listQueries,
  pasteRoutes,
} from '../../../test/kits/text-management-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

// The admin panel is lazy-loaded; importing it once up front keeps the first test in time.
beforeAll(() => import('../../admin'));

const PAST = '2001-01-01T00:00:00.000Z';
const FUTURE = '2999-01-01T00:00:00.000Z';

async function openAsAdmin(pastes: PasteDetail[], routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({ ...pasteRoutes('admin', pastes), ...routes });
  const view = renderApp('/admin/text-management');
  // Mounting the lazy admin route can take seconds on a busy machine.
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

const { rows, slugsShown, openRowMenu } = listFinders('paste-row');

describe('text management: listing', () => {
  it('shows skeletons, then the admin page 1 of 10 with every column', async () => {
    const { fetchMock } = await openAsAdmin([
      givenPaste({
        id: 'p1',
        slug: 'notes',
        remark: 'meeting notes',
        has_password: true,
        views: 3,
        max_views: 5,
        expires_at: FUTURE,
        created_by: 'apikey:abcd1234ffff',
      }),
      givenPaste({ id: 'p2', slug: 'old', expires_at: PAST, created_by: null }),
    ]);
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    const [first, second] = await rows();
    expect(listQueries(fetchMock, 'admin')).toEqual(['page=1&limit=10']);

    const row = within(first!);
    const link = row.getByRole('link', { name: /notes/ });
    expect(link).toHaveAttribute('href', '/paste/notes');
    expect(link).toHaveAttribute('target', '_blank');
    expect(row.getByText('meeting notes')).toBeInTheDocument();
    expect(row.getByText(/# Hello/)).toBeInTheDocument();
    expect(row.getByText('14 B')).toBeInTheDocument();
    expect(row.getByText('Password')).toBeInTheDocument();
    expect(row.getByText('3 / 5')).toBeInTheDocument();
    expect(row.getByText('API key abcd1234')).toBeInTheDocument();
    expect(row.queryByText('Expired')).not.toBeInTheDocument();

    const other = within(second!);
    expect(other.getByText('Expired')).toBeInTheDocument();
    expect(other.getByText('0 / ∞')).toBeInTheDocument();
    expect(other.getByText('Guest')).toBeInTheDocument();
    expect(other.getByText('No password')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeInTheDocument();
    expect(screen.getByTestId('paste-total')).toHaveTextContent('1–2 of 2');
  });

  it('says when there are no pastes yet', async () => {
    await openAsAdmin([]);
    expect(await screen.findByText('No pastes yet')).toBeInTheDocument();
  });

  it('says why the list failed and loads it again on retry', async () => {
    let failing = true;
    const routes = pasteRoutes('admin', [givenPaste()]);
    const { user } = await openAsAdmin([], {
      'GET /api/admin/pastes': (request) =>
        failing ? fail(403, 'ADMIN_ONLY') : routes['GET /api/admin/pastes']!(request),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the administrator can do this.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('pages with the pagination and the page size', async () => {
    const { user, fetchMock } = await openAsAdmin(givenPastes(25));
    await rows();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(slugsShown()[0]).toBe('paste-11'));
    expect(listQueries(fetchMock, 'admin')).toContain('page=2&limit=10');
    expect(screen.getByTestId('paste-total')).toHaveTextContent('11–20 of 25');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '20');
    await waitFor(() => expect(slugsShown()).toHaveLength(20));
    expect(listQueries(fetchMock, 'admin').at(-1)).toBe('page=1&limit=20');
    expect(slugsShown()[0]).toBe('paste-1');
  });

  it('searches after a pause, from page 1, and hints below 2 characters', async () => {
    const pastes = [...givenPastes(15), givenPaste({ id: 'x', slug: 'xy-notes' })];
    const { user, fetchMock } = await openAsAdmin(pastes);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(slugsShown()[0]).toBe('paste-11'));

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'x');
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listQueries(fetchMock, 'admin').some((query) => query.includes('search'))).toBe(false);

    await user.type(search, 'y');
    expect(screen.queryByText(/at least 2 characters/)).not.toBeInTheDocument();
    await waitFor(() => expect(slugsShown()).toEqual(['xy-notes']));
    const searches = listQueries(fetchMock, 'admin').filter((query) => query.includes('search'));
    // One request for the finished word (debounced), on page 1.
    expect(searches).toEqual(['page=1&limit=10&search=xy']);
  });

  it('shows cards instead of a table on a phone', async () => {
    pretendPhone();
    const { user } = await openAsAdmin([
      givenPaste({ id: 'p1', slug: 'pocket', views: 1, max_views: 3 }),
    ]);
    const [card] = await rows();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card!.tagName).toBe('LI');
    expect(within(card!).getByRole('link', { name: /pocket/ })).toHaveAttribute(
      'href',
      '/paste/pocket',
    );
    expect(within(card!).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(card!).getByRole('checkbox', { name: 'Select “pocket”' }));
    expect(screen.getByRole('button', { name: 'Delete 1 selected' })).toBeInTheDocument();
    await openRowMenu(user, 'pocket');
    expect(await screen.findByRole('menuitem', { name: 'Preview' })).toBeInTheDocument();
  });

  it('lists an API key user its own pastes by offset, without admin-only parts', async () => {
    const fetchMock = signInWithApiKey(
      keyInfo({ text: true }),
      pasteRoutes('user', givenPastes(12)),
    );
    const { user } = renderApp('/admin/text-management');
    await screen.findByTestId('page-title');
    await rows();
    expect(listQueries(fetchMock, 'user')).toEqual(['limit=10&offset=0']);
    expect(requestsTo(fetchMock, 'GET /api/admin/pastes')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Clear expired' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Created by' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(slugsShown()).toEqual(['paste-11', 'paste-12']));
    expect(listQueries(fetchMock, 'user').at(-1)).toBe('limit=10&offset=10');
  });
});

describe('text management: deleting', () => {
  it('deletes the selected pastes after a confirmation naming them', async () => {
    const { user, fetchMock } = await openAsAdmin(givenPastes(3));
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select “paste-1”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “paste-3”' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 pastes' });
    expect(dialog).toHaveTextContent('Delete these 2 pastes?');
    expect(within(dialog).getByTestId('slugs-to-delete')).toHaveTextContent('paste-1paste-3');
    expect(requestsTo(fetchMock, 'POST /api/admin/pastes/batch-delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 pastes' }));

    expect(await screen.findByText('Deleted 2 pastes.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/pastes/batch-delete')).toEqual({
      ids: ['p1', 'p3'],
    });
    await waitFor(() => expect(slugsShown()).toEqual(['paste-2']));
    expect(screen.queryByRole('button', { name: /selected/ })).not.toBeInTheDocument();
  });

  it('steps back a page when the last one is emptied, and selection stays per page', async () => {
    const { user } = await openAsAdmin(givenPastes(11));
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select “paste-1”' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(slugsShown()).toEqual(['paste-11']));
    // What was picked on page 1 is not silently deleted from page 2.
    expect(screen.queryByRole('button', { name: /selected/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select “paste-11”' }));
    await user.click(screen.getByRole('button', { name: 'Delete 1 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete paste' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete paste' }));
    await waitFor(() => expect(slugsShown()).toHaveLength(10));
    expect(slugsShown()[0]).toBe('paste-1');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('selects a whole page and names only the first few slugs', async () => {
    const { user } = await openAsAdmin(givenPastes(12));
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select all pastes on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete 10 selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 10 pastes' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(5);
    expect(dialog).toHaveTextContent('…and 5 more.');
  });

  it('deletes one paste from its row menu after naming it', async () => {
    const { user, fetchMock } = await openAsAdmin([
      givenPaste({ id: 'p1', slug: 'keep-me' }),
      givenPaste({ id: 'p2', slug: 'drop-me' }),
    ]);
    await openRowMenu(user, 'drop-me');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete paste' });
    expect(dialog).toHaveTextContent('Delete the paste “drop-me”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete paste' }));
    expect(await screen.findByText('Deleted “drop-me”.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/admin/pastes/p2')).toHaveLength(1);
    await waitFor(() => expect(slugsShown()).toEqual(['keep-me']));
  });

  it('clears expired pastes after a confirmation and says how many went', async () => {
    const { user, fetchMock } = await openAsAdmin([
      givenPaste({ id: 'p1', slug: 'live', expires_at: FUTURE }),
      givenPaste({ id: 'p2', slug: 'gone-1', expires_at: PAST }),
      givenPaste({ id: 'p3', slug: 'gone-2', expires_at: PAST }),
    ]);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Clear expired' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear expired pastes' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove expired pastes' }));
    expect(await screen.findByText('Removed 2 expired pastes.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/pastes/clear-expired')).toEqual({
      clearExpired: true,
    });
    await waitFor(() => expect(slugsShown()).toEqual(['live']));
  });

  it('keeps the confirmation open with the reason when deleting fails', async () => {
    const { user } = await openAsAdmin([givenPaste()], {
      'DELETE /api/admin/pastes/p1': () => fail(404, 'NOT_FOUND'),
    });
    await openRowMenu(user, 'hello');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete paste' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete paste' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not found. It may have been deleted.',
    );
  });
});

describe('text management: row actions', () => {
  it('previews through the management endpoint, never the counted /api/paste read', async () => {
    const { user, fetchMock } = await openAsAdmin([
      givenPaste({ id: 'p7', slug: 'doc', content: '# Title\n\nBody text', views: 2 }),
    ]);
    await openRowMenu(user, 'doc');
    await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    // The dialog's code loads on first use.
    expect(await screen.findByTestId('paste-preview')).toHaveTextContent('Body text');
    const dialog = screen.getByRole('dialog', { name: 'Preview of “doc”' });
    expect(dialog).toHaveTextContent('does not count as a view');
    expect(requestsTo(fetchMock, 'GET /api/admin/pastes/p7')).toHaveLength(1);
    const counted = fetchMock.mock.calls.filter(([input]) =>
      (input instanceof Request ? input.url : String(input)).includes('/api/paste/'),
    );
    expect(counted).toHaveLength(0);

    const asText = within(dialog).getByRole('radio', { name: 'Plain text' });
    await user.click(asText);
    expect(asText).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('copies the share link and shows it as a QR code', async () => {
    const { user } = await openAsAdmin([givenPaste({ slug: 'share-me' })]);
    await openRowMenu(user, 'share-me');
    await user.click(await screen.findByRole('menuitem', { name: 'Copy link' }));
    expect(await screen.findByText('Link to “share-me” copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/paste/share-me`);

    await openRowMenu(user, 'share-me');
    await user.click(await screen.findByRole('menuitem', { name: 'QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code of “share-me”' });
    expect(dialog).toHaveTextContent(`${window.location.origin}/paste/share-me`);
    // The skeleton carries the label until the encoder loads; the finished code is an image.
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the link to “share-me”' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/));
  });

  it('opens the paste itself in a new tab from the menu', async () => {
    const { user } = await openAsAdmin([givenPaste({ slug: 'open-me' })]);
    await openRowMenu(user, 'open-me');
    const open = await screen.findByRole('menuitem', { name: 'Open (counts as a view)' });
    expect(open).toHaveAttribute('href', '/paste/open-me');
    expect(open).toHaveAttribute('target', '_blank');
  });
});

import type { FileDetail } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFinders, pretendPhone } from '../../../test/kits/managed-list-kit';
import {
  bodyOf,
  fail,
  ok,
  requestsTo,
  type FakeRoute,
  type FakeRoutes,
} from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { fileBody, givenFileDetail, givenPublicFile } from '../../../test/kits/file-kit';
import { fileRoutes, givenFiles, listQueries } from '../../../test/kits/file-management-kit';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

// The admin panel is lazy-loaded; importing it once up front keeps the first test in time.
beforeAll(() => import('../../admin'));

const PAST = '2001-01-01T00:00:00.000Z';
const FUTURE = '2999-01-01T00:00:00.000Z';

async function openAsAdmin(files: FileDetail[], routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({ ...fileRoutes('admin', files), ...routes });
  const view = renderApp('/admin/file-management');
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

const { rows, slugsShown, openRowMenu } = listFinders('file-row');
const pageButton = (page: number) => screen.getByRole('button', { name: `Page ${page}` });

/**
 * A listing of `total` files that answers each page with its first two files only: enough to
 * check the paging, without rendering 50 rows (slow in jsdom). A search finds one file, `xy`.
 */
function pagedListing(total: number): FakeRoute {
  return ({ url }) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    if (url.searchParams.has('search')) {
      return ok({ items: [givenFileDetail({ id: 'x', slug: 'xy' })], total: 1, limit, offset });
    }
    const items = [offset + 1, offset + 2].map((n) =>
      givenFileDetail({ id: `f${n}`, slug: `file-${n}`, filename: `file-${n}.txt` }),
    );
    return ok({ items, total, limit, offset });
  };
}

describe('file management: listing', () => {
  it('shows skeletons, then the first 50 files with every column', async () => {
    const { fetchMock } = await openAsAdmin([
      givenFileDetail({
        id: 'f1',
        slug: 'q3',
        filename: 'q3-report.pdf',
        mimetype: 'application/pdf',
        size: 3 * 1024 * 1024,
        remark: 'for the board',
        has_password: true,
        views: 2,
        max_views: 5,
        expires_at: FUTURE,
      }),
      givenFileDetail({ id: 'f2', slug: 'old', filename: 'old.zip', expires_at: PAST }),
    ]);
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    const [first, second] = await rows();
    expect(listQueries(fetchMock, 'admin')).toEqual(['limit=50&offset=0']);

    const row = within(first!);
    expect(row.getByText('q3-report.pdf')).toBeInTheDocument();
    expect(row.getByLabelText('Password-protected')).toBeInTheDocument();
    expect(row.getByText('3 MB')).toBeInTheDocument();
    expect(row.getByText('application/pdf')).toBeInTheDocument();
    const link = row.getByRole('link', { name: /q3/ });
    expect(link).toHaveAttribute('href', '/file/q3');
    expect(link).toHaveAttribute('target', '_blank');
    expect(row.getByText('for the board')).toBeInTheDocument();
    expect(row.getByText('2 / 5')).toBeInTheDocument();
    expect(row.queryByText('Expired')).not.toBeInTheDocument();

    const other = within(second!);
    expect(other.getByText('Expired')).toBeInTheDocument();
    expect(other.getByText('0 / ∞')).toBeInTheDocument();
    expect(screen.getByTestId('file-total')).toHaveTextContent('1–2 of 2');
  });

  it('says when there are no files yet', async () => {
    await openAsAdmin([]);
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
  });

  it('says why the list failed and loads it again on retry', async () => {
    let failing = true;
    const routes = fileRoutes('admin', [givenFileDetail()]);
    const { user } = await openAsAdmin([], {
      'GET /api/admin/files': (request) =>
        failing ? fail(403, 'ADMIN_ONLY') : routes['GET /api/admin/files']!(request),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the administrator can do this.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(1);
  });

  it('pages by offset and changes the page size', async () => {
    const { user, fetchMock } = await openAsAdmin([], {
      'GET /api/admin/files': pagedListing(120),
    });
    await rows();
    expect(listQueries(fetchMock, 'admin')).toEqual(['limit=50&offset=0']);
    expect(screen.getByTestId('file-total')).toHaveTextContent('1–50 of 120');
    await user.click(pageButton(2));
    await waitFor(() => expect(slugsShown()[0]).toBe('file-51'));
    expect(listQueries(fetchMock, 'admin').at(-1)).toBe('limit=50&offset=50');
    expect(screen.getByTestId('file-total')).toHaveTextContent('51–100 of 120');

    await user.selectOptions(screen.getByLabelText('Per page'), '20');
    await waitFor(() => expect(slugsShown()[0]).toBe('file-1'));
    expect(listQueries(fetchMock, 'admin').at(-1)).toBe('limit=20&offset=0');
    expect(screen.getByTestId('file-total')).toHaveTextContent('1–20 of 120');
  });

  it('searches after a pause, from page 1, and hints below 2 characters', async () => {
    const { user, fetchMock } = await openAsAdmin([], {
      'GET /api/admin/files': pagedListing(120),
    });
    await rows();
    await user.click(pageButton(2));
    await waitFor(() => expect(slugsShown()[0]).toBe('file-51'));

    const search = screen.getByLabelText('Search');
    expect(search).toHaveAttribute('role', 'searchbox');
    await user.type(search, 'x');
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listQueries(fetchMock, 'admin').some((query) => query.includes('search'))).toBe(false);

    await user.type(search, 'y');
    expect(screen.queryByText(/at least 2 characters/)).not.toBeInTheDocument();
    await waitFor(() => expect(slugsShown()).toEqual(['xy']));
    const searches = listQueries(fetchMock, 'admin').filter((query) => query.includes('search'));
    // One request for the finished word (debounced), on page 1.
    expect(searches).toEqual(['limit=50&offset=0&search=xy']);
  });

  it('says when nothing matches the search', async () => {
    const { user } = await openAsAdmin(givenFiles(2));
    await rows();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nothing');
    expect(await screen.findByText('No files match “nothing”')).toBeInTheDocument();
  });

  it('shows cards instead of a table on a phone', async () => {
    pretendPhone();
    const { user } = await openAsAdmin([
      givenFileDetail({ id: 'f1', slug: 'pocket', filename: 'pocket.txt', views: 1, max_views: 3 }),
    ]);
    const [card] = await rows();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card!.tagName).toBe('LI');
    expect(within(card!).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(card!).getByRole('checkbox', { name: 'Select “pocket.txt”' }));
    expect(screen.getByRole('button', { name: 'Delete 1 selected' })).toBeInTheDocument();
  });
});

describe('file management: actions', () => {
  it('deletes the selected files in one batch, naming how many', async () => {
    const { user, fetchMock } = await openAsAdmin(givenFiles(3));
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select “file-1.txt”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “file-3.txt”' }));
    await user.click(screen.getByRole('button', { name: 'Delete 2 selected' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete 2 files' }));
    expect(dialog.getByText(/Delete these 2 files\?/)).toBeInTheDocument();
    expect(dialog.getByTestId('files-to-delete')).toHaveTextContent('file-1.txt');
    expect(dialog.getByTestId('files-to-delete')).toHaveTextContent('file-3.txt');
    await user.click(dialog.getByRole('button', { name: 'Delete 2 files' }));
    expect(await screen.findByText('Deleted 2 files.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'DELETE /api/admin/files/batch-delete')).toEqual({
      ids: ['f1', 'f3'],
    });
    await waitFor(() => expect(slugsShown()).toEqual(['file-2']));
    expect(screen.queryByRole('button', { name: /selected/ })).not.toBeInTheDocument();
  });

  it('selects the whole page at once', async () => {
    const { user } = await openAsAdmin(givenFiles(3));
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Select all files on this page' }));
    expect(screen.getByRole('button', { name: 'Delete 3 selected' })).toBeInTheDocument();
  });

  it('deletes one file from its menu', async () => {
    const { user, fetchMock } = await openAsAdmin(givenFiles(2));
    await openRowMenu(user, 'file-2.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete file' }));
    expect(dialog.getByText(/Delete the file “file-2.txt”/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('Deleted “file-2.txt”.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/admin/files/f2')).toHaveLength(1);
    await waitFor(() => expect(slugsShown()).toEqual(['file-1']));
  });

  it('edits from a fresh read and sends only the changes: hours and a cleared password', async () => {
    const file = givenFileDetail({ id: 'f1', filename: 'plan.txt', has_password: true, views: 2 });
    const { user, fetchMock } = await openAsAdmin([file]);
    await openRowMenu(user, 'plan.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save changes' });
    const dialog = within(screen.getByRole('dialog', { name: 'Edit “plan.txt”' }));
    expect(requestsTo(fetchMock, 'GET /api/admin/files/f1')).toHaveLength(1);
    expect(dialog.getByLabelText(/^File name/)).toHaveValue('plan.txt');
    expect(dialog.getByText('Viewed 2 times so far. 0 means unlimited.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.selectOptions(dialog.getByLabelText(/^Expires/), 'After a custom time');
    await user.type(dialog.getByLabelText(/^How many/), '2');
    await user.selectOptions(dialog.getByLabelText(/^Unit/), 'Days');
    await user.click(dialog.getByRole('radio', { name: 'Remove' }));
    expect(dialog.getByText(/anyone with the link can open the file/)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Max views/));
    await user.type(dialog.getByLabelText(/^Max views/), '10');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved “plan.txt”.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/admin/files/f1')).toEqual({
      expires_in: 48,
      password: null,
      max_views: 10,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('2 / 10')).toBeInTheDocument());
  });

  it('shows a taken link suffix on its field and keeps the input', async () => {
    const { user } = await openAsAdmin([givenFileDetail({ filename: 'a.txt' })], {
      'PUT /api/admin/files/f1': () => fail(409, 'SLUG_TAKEN'),
    });
    await openRowMenu(user, 'a.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save changes' });
    const dialog = within(screen.getByRole('dialog'));
    const slug = dialog.getByLabelText(/^Link suffix/);
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(
      await dialog.findByText('This link suffix is already taken, try another.'),
    ).toBeInTheDocument();
    expect(slug).toHaveValue('taken');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('previews a file with the file page’s components and says it counts', async () => {
    const { user, fetchMock } = await openAsAdmin([givenFileDetail({ filename: 'notes.txt' })], {
      'GET /api/public/files/report': () => ok(givenPublicFile({ filename: 'notes.txt' })),
      'GET /api/file-view/report': () => fileBody('inside the file'),
    });
    await openRowMenu(user, 'notes.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    // The dialog's code loads on first use: wait for the content, then take its dialog.
    expect(await screen.findByText('inside the file')).toBeInTheDocument();
    const dialog = within(screen.getByRole('dialog', { name: 'Preview of “notes.txt”' }));
    expect(dialog.getByText(/counts this preview as a view/)).toBeInTheDocument();
    expect(dialog.getByTestId('viewer-views')).toHaveTextContent('1 view');
    expect(requestsTo(fetchMock, 'GET /api/file-view/report')).toHaveLength(1);
  });

  it('shows the QR code of a file’s link', async () => {
    const { user } = await openAsAdmin([givenFileDetail({ filename: 'a.txt', slug: 'abc' })]);
    await openRowMenu(user, 'a.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'QR code' }));
    const url = `${window.location.origin}/file/abc`;
    expect(await screen.findByText(url)).toBeInTheDocument();
    const dialog = within(screen.getByRole('dialog', { name: 'QR code of “a.txt”' }));
    expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('lists, edits and deletes through /user/files for an API key with the file permission', async () => {
    const mine = givenFileDetail({ id: 'u1', slug: 'mine', filename: 'mine.txt' });
    const fetchMock = signInWithApiKey(keyInfo({ file: true }), fileRoutes('user', [mine]));
    const { user } = renderApp('/admin/file-management');
    await rows();
    expect(listQueries(fetchMock, 'user')).toEqual(['limit=50&offset=0']);
    expect(requestsTo(fetchMock, 'GET /api/admin/files')).toHaveLength(0);

    await openRowMenu(user, 'mine.txt');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Save changes' });
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText(/^Remark/), 'note');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT /api/user/files/u1')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT /api/user/files/u1')).toEqual({ remark: 'note' });

    await user.click(screen.getByRole('checkbox', { name: 'Select “mine.txt”' }));
    await user.click(screen.getByRole('button', { name: 'Delete 1 selected' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete file' }),
    );
    await waitFor(() => expect(requestsTo(fetchMock, 'DELETE /api/user/files/u1')).toHaveLength(1));
  });
});

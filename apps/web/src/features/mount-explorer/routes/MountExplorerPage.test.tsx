import type { FsItem, FsList } from '@pasteport/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import {
  bodyOf,
  fail,
  ok,
  requestsTo,
  stubServer,
  type FakeRequest,
  type FakeRoutes,
} from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { createAppRenderer } from '../../../test/render-app';
import { VIEW_MODE_STORAGE_KEY } from '../listing/view-mode';

const renderApp = createAppRenderer(appRoutes);

const urlOf = (input: RequestInfo | URL) =>
  input instanceof Request ? input.url : input instanceof URL ? input.href : input;

function file(folder: string, name: string, patch: Partial<FsItem> = {}): FsItem {
  return {
    name,
    path: `${folder}/${name}`,
    isDirectory: false,
    size: 2048,
    modified: '2026-11-01T10:00:00Z',
    mimetype: 'text/plain',
    ...patch,
  };
}
const folder = (parent: string, name: string, patch: Partial<FsItem> = {}) =>
  file(parent, name, { isDirectory: true, size: 0, modified: null, mimetype: null, ...patch });

function page(path: string, items: FsItem[], next: string | null = null, virtual = false): FsList {
  return {
    path,
    isVirtual: virtual,
    mount_id: virtual ? null : 'm1',
    storage_type: virtual ? null : 'LOCAL',
    writable: !virtual,
    items,
    next_cursor: next,
  };
}

/** A fake `GET /api/fs/list` over folders of pages: path → cursor ('' first) → page. */
function listing(folders: Record<string, Record<string, FsList>>) {
  return {
    'GET /api/fs/list': ({ url }: FakeRequest) => {
      const pages = folders[url.searchParams.get('path') ?? '/'];
      const found = pages?.[url.searchParams.get('cursor') ?? ''];
      return found ? ok(found) : fail(404, 'NOT_FOUND');
    },
  } satisfies FakeRoutes;
}

const ROOT = page(
  '/',
  [folder('', 'team', { isMount: true, mount_id: 'm1', storage_type: 'LOCAL' })],
  null,
  true,
);
const TEAM = page('/team', [
  folder('/team', 'docs'),
  file('/team', 'report.pdf', { size: 5 * 1024 * 1024, mimetype: 'application/pdf' }),
  file('/team', 'photo.jpg', { mimetype: 'image/jpeg' }),
]);

/** Scrolls the window to `y` as a browser would report it. */
function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('mount explorer', () => {
  it('walks from the root into a mount and back with links the address bar keeps', async () => {
    signInAsAdmin(listing({ '/': { '': ROOT }, '/team': { '': TEAM } }));
    const { user, router } = renderApp('/mount-explorer');
    const mount = await screen.findByRole('link', { name: 'team' });
    expect(mount).toHaveAttribute('href', '/mount-explorer/team');
    await user.click(mount);
    expect(router.state.location.pathname).toBe('/mount-explorer/team');
    const rows = await screen.findAllByRole('listitem');
    // Folders first, then files by name.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('docs'),
      expect.stringContaining('photo.jpg'),
      expect.stringContaining('report.pdf5 MB'),
    ]);
    expect(screen.getByRole('link', { name: /report\.pdf/ })).toHaveAttribute(
      'href',
      '/mount-explorer/team?preview=report.pdf',
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByText('team')).toHaveAttribute('aria-current', 'location');
    await user.click(within(crumbs).getByRole('link', { name: 'All mounts' }));
    expect(router.state.location.pathname).toBe('/mount-explorer');
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('shows a previewed file from its URL, with download through a short-lived link', async () => {
    const fetchMock = signInAsAdmin({
      ...listing({ '/team': { '': TEAM } }),
      'GET /api/fs/get': () =>
        ok({
          ...file('/team', 'report.pdf', { mimetype: 'application/pdf' }),
          mount_id: 'm1',
          storage_type: 'LOCAL',
          etag: 'e1',
        }),
    });
    const { user, router } = renderApp('/mount-explorer/team?preview=report.pdf');
    const panel = await screen.findByRole('dialog', { name: 'report.pdf' });
    expect(await within(panel).findByText('/team/report.pdf')).toBeInTheDocument();
    expect(urlOf(requestsTo(fetchMock, 'GET /api/fs/get')[0]![0])).toContain(
      'path=%2Fteam%2Freport.pdf',
    );
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
  });

  it('loads the next page only when the user scrolls near the end, keeping few rows in the page', async () => {
    const first = Array.from({ length: 1000 }, (_, i) =>
      file('/big', `f${String(i).padStart(5, '0')}.txt`),
    );
    const second = Array.from({ length: 500 }, (_, i) =>
      file('/big', `f${String(1000 + i).padStart(5, '0')}.txt`),
    );
    const fetchMock = signInAsAdmin(
      listing({ '/big': { '': page('/big', first, 'c1'), c1: page('/big', second) } }),
    );
    renderApp('/mount-explorer/big');
    await screen.findByText('f00000.txt');
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
    expect(requestsTo(fetchMock, 'GET /api/fs/list')).toHaveLength(1);
    scrollTo(990 * 44);
    expect(await screen.findByText('1,500 items')).toBeInTheDocument();
    const calls = requestsTo(fetchMock, 'GET /api/fs/list');
    expect(calls).toHaveLength(2);
    expect(urlOf(calls[1]![0])).toContain('cursor=c1');
    scrollTo(1490 * 44);
    expect(await screen.findByText('f01499.txt')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(60);
  });

  it('sorts and filters the whole folder: every page loads without scrolling', async () => {
    const fetchMock = signInAsAdmin(
      listing({
        '/m': {
          '': page(
            '/m',
            [file('/m', 'a.txt', { size: 10 }), file('/m', 'b.txt', { size: 30 })],
            'c1',
          ),
          c1: page('/m', [file('/m', 'c.txt', { size: 20 })]),
        },
      }),
    );
    const { user } = renderApp('/mount-explorer/m');
    await screen.findByText('a.txt');
    await user.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Size' }));
    await user.click(screen.getByRole('button', { name: /^Ascending/ }));
    await screen.findByText('c.txt');
    expect(requestsTo(fetchMock, 'GET /api/fs/list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem').map((row) => row.textContent?.slice(0, 5))).toEqual([
      'b.txt',
      'c.txt',
      'a.txt',
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Filter this folder' }), 'C.T');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: 'Filter this folder' }), 'zz');
    expect(screen.getByText('Nothing in this folder matches the filter.')).toBeInTheDocument();
  });

  it('says when a folder is missing or closed, with a way out', async () => {
    signInAsAdmin({
      'GET /api/fs/list': ({ url }) =>
        url.searchParams.get('path') === '/team/gone'
          ? fail(404, 'NOT_FOUND')
          : fail(403, 'PATH_FORBIDDEN'),
    });
    const { router } = renderApp('/mount-explorer/team/gone');
    expect(await screen.findByText('Folder not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go up one folder' })).toHaveAttribute(
      'href',
      '/mount-explorer/team',
    );
    await act(() => router.navigate('/mount-explorer/secret'));
    expect(await screen.findByText('No access here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your folder' })).toHaveAttribute(
      'href',
      '/mount-explorer',
    );
  });

  it('keeps an API key below its basic path: the folders above are shown but not links', async () => {
    signInWithApiKey(
      keyInfo({ mount: true }, '/team/docs'),
      listing({ '/team/docs': { '': page('/team/docs', [file('/team/docs', 'x.md')]) } }),
    );
    const { router } = renderApp('/mount-explorer');
    await screen.findByText('x.md');
    expect(router.state.location.pathname).toBe('/mount-explorer/team/docs');
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).queryAllByRole('link')).toEqual([]);
    expect(within(crumbs).getByText('team')).toBeInTheDocument();
  });

  it('remembers the view, and asks for links for image thumbnails only', async () => {
    const fetchMock = signInAsAdmin({
      ...listing({ '/team': { '': TEAM } }),
      'GET /api/fs/file-link': ({ url }) =>
        ok({
          presignedUrl: `/api/storage/local/x?name=${url.searchParams.get('path') ?? ''}`,
          name: 'photo.jpg',
          expiresIn: 900,
          expiresAt: '2030-01-01T00:00:00Z',
          forceDownload: false,
        }),
    });
    const { user, unmount } = renderApp('/mount-explorer/team');
    await screen.findByText('photo.jpg');
    await user.click(screen.getByRole('radio', { name: 'Grid' }));
    expect(localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('grid');
    const img = await screen.findByRole('presentation');
    expect(img).toHaveAttribute('src', '/api/storage/local/x?name=/team/photo.jpg');
    const links = requestsTo(fetchMock, 'GET /api/fs/file-link').map(([input]) => urlOf(input));
    expect(links).toHaveLength(1);
    expect(links[0]).toContain('expires_in=900');
    unmount();
    renderApp('/mount-explorer/team');
    expect(await screen.findByRole('radio', { name: 'Grid' })).toBeChecked();
  });

  it('creates a folder, checking the name as it is typed', async () => {
    const fetchMock = signInAsAdmin({
      ...listing({ '/team': { '': TEAM } }),
      'POST /api/fs/mkdir': ({ body }) =>
        ok(
          {
            path: (body as { path: string }).path,
            name: 'x',
            isDirectory: true,
            size: 0,
            etag: null,
            modified: null,
          },
          201,
        ),
    });
    const { user } = renderApp('/mount-explorer/team');
    await user.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'a/b');
    expect(within(dialog).getByText('A name cannot contain “/”.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(requestsTo(fetchMock, 'POST /api/fs/mkdir')).toHaveLength(0);
    await user.clear(name);
    await user.type(name, '2026 报告');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Folder “2026 报告” created.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/fs/mkdir')).toEqual({ path: '/team/2026 报告' });
    // The listing is asked for again after the write.
    expect(requestsTo(fetchMock, 'GET /api/fs/list').length).toBeGreaterThan(1);
  });

  it('selects with checkboxes, Shift-click and the keyboard, then deletes what is selected', async () => {
    const fetchMock = signInAsAdmin({
      ...listing({ '/team': { '': TEAM } }),
      'DELETE /api/fs/batch-remove': ({ body }) =>
        ok({
          results: (body as { paths: string[] }).paths.map((path) => ({
            path,
            success: true,
            error: null,
            code: null,
            queued: false,
          })),
          success: 2,
          failed: 0,
          taskId: null,
        }),
    });
    const { user } = renderApp('/mount-explorer/team');
    await user.click(await screen.findByRole('checkbox', { name: 'Select “docs”' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('link', { name: /report\.pdf/ }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('3 selected · 5 MB')).toBeInTheDocument();
    // The link was not followed: selection, not navigation.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Arrows move the focus and the selection; Shift extends it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: /photo\.jpg/ })).toHaveFocus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(
      within(screen.getByRole('region', { name: 'Selection' })).getByText(/^2 selected/),
    ).toBeInTheDocument();
    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 items?' });
    expect(within(dialog).getByText('photo.jpg')).toBeInTheDocument();
    expect(within(dialog).getByText('report.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 items deleted.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'DELETE /api/fs/batch-remove')).toEqual({
      paths: ['/team/photo.jpg', '/team/report.pdf'],
    });
  });

  it('renames with F2; a folder says it moves in the background', async () => {
    const fetchMock = signInAsAdmin({
      ...listing({ '/team': { '': TEAM } }),
      'POST /api/fs/rename': () =>
        ok({
          oldPath: '/team/docs',
          newPath: '/team/papers',
          isDirectory: true,
          moved: 0,
          taskId: 't1',
        }),
    });
    const { user } = renderApp('/mount-explorer/team');
    await user.click(await screen.findByRole('checkbox', { name: 'Select “docs”' }));
    await user.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('docs');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(within(dialog).getByText('That is the current name.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'papers');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(
      await screen.findByText(/Moving the folder to “papers” in the background/),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/fs/rename')).toEqual({
      oldPath: '/team/docs',
      newPath: '/team/papers',
    });
  });

  it('offers no write where the caller may not write (a read-only mount or key)', async () => {
    signInAsAdmin(
      listing({
        '/frozen': { '': { ...page('/frozen', [file('/frozen', 'a.txt')]), writable: false } },
      }),
    );
    const { user } = renderApp('/mount-explorer/frozen');
    await user.click(await screen.findByRole('checkbox', { name: 'Select “a.txt”' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New folder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    await user.keyboard('{Delete}{F2}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a guest to sign in, and lists nothing', async () => {
    const fetchMock = stubServer({});
    renderApp('/mount-explorer/team');
    expect(await screen.findByText('Sign in to browse mounts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin');
    expect(requestsTo(fetchMock, 'GET /api/fs/list')).toHaveLength(0);
  });
});

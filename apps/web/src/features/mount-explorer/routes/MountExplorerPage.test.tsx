import type { FsItem, FsList } from '@pasteport/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { fail, ok, requestsTo, type FakeRequest, type FakeRoutes } from '../../../test/fake-server';
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
});

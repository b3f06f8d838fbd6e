import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { givenPublicFile } from '../test/kits/file-kit';
import { ok } from '../test/fake-server';
import { signInAsAdmin } from '../test/sessions';
import { appRoutes } from './router';
import { createAppRenderer } from '../test/render-app';

const renderApp = createAppRenderer(appRoutes);

async function pageTitle() {
  return screen.findByTestId('page-title');
}

describe('routes of SPEC §2', () => {
  it.each([
    ['/', 'Online clipboard'],
    ['/upload', 'Upload files'],
    ['/paste/abc123', 'Shared paste'],
    ['/mount-explorer', 'Mount explorer'],
    ['/mount-explorer/docs/2026', 'Mount explorer'],
    ['/admin', 'Dashboard'],
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/text-management', 'Text shares'],
    ['/admin/file-management', 'File shares'],
    ['/admin/storage-config', 'Storage configurations'],
    ['/admin/mount-management', 'Mount points'],
    ['/admin/key-management', 'API keys'],
    ['/admin/settings', 'Settings'],
  ])('%s renders the page titled "%s" (signed in as admin)', async (path, title) => {
    signInAsAdmin();
    renderApp(path);
    expect(await pageTitle()).toHaveTextContent(title);
    expect(screen.getByTestId('page-title').tagName).toBe('H1');
  });

  it('renders the file page at /file/{slug}, headed by the file name', async () => {
    signInAsAdmin({
      'GET /api/public/files/report-2026': () =>
        ok(
          givenPublicFile({
            slug: 'report-2026',
            filename: 'report.pdf',
            mimetype: 'application/pdf',
          }),
        ),
    });
    renderApp('/file/report-2026');
    expect(await pageTitle()).toHaveTextContent('report.pdf');
    expect(screen.getByTestId('page-title').tagName).toBe('H1');
    await waitFor(() => expect(document.title).toBe('report.pdf · Pasteport'));
  });

  it('redirects an unknown path to Home, replacing the history entry', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await pageTitle()).toHaveTextContent('Online clipboard');
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the login on the admin routes while signed out', async () => {
    renderApp('/admin/settings');
    expect(await pageTitle()).toHaveTextContent('Sign in');
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('redirects an unknown admin module to /admin, which shows the dashboard', async () => {
    signInAsAdmin();
    const { router } = renderApp('/admin/unknown');
    expect(await pageTitle()).toHaveTextContent('Dashboard');
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('shows the seven admin modules in the side navigation, marking the current one', async () => {
    signInAsAdmin();
    renderApp('/admin/key-management');
    await pageTitle();
    const nav = screen.getAllByRole('navigation', { name: 'Admin sections' })[0]!;
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/dashboard',
      '/admin/text-management',
      '/admin/file-management',
      '/admin/storage-config',
      '/admin/mount-management',
      '/admin/key-management',
      '/admin/settings',
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.getAttribute('href'))).toEqual(['/admin/key-management']);
  });

  it('marks dashboard current on bare /admin', async () => {
    signInAsAdmin();
    renderApp('/admin');
    await pageTitle();
    const nav = screen.getAllByRole('navigation', { name: 'Admin sections' })[0]!;
    const current = nav.querySelector('a[aria-current="page"]');
    expect(current).toHaveAttribute('href', '/admin/dashboard');
  });

  it('reads the mount path and the preview query parameter', async () => {
    const entry = {
      name: 'plan.md',
      path: '/docs/2026/plan.md',
      isDirectory: false,
      size: 10,
      modified: null,
      mimetype: 'text/markdown',
    };
    signInAsAdmin({
      'GET /api/fs/list': ({ url }) =>
        ok({
          path: url.searchParams.get('path'),
          isVirtual: false,
          mount_id: 'm1',
          storage_type: 'LOCAL',
          writable: true,
          items: [entry],
          next_cursor: null,
        }),
      'GET /api/fs/get': () => ok({ ...entry, mount_id: 'm1', storage_type: 'LOCAL', etag: 'e' }),
    });
    renderApp('/mount-explorer/docs/2026?preview=plan.md');
    await pageTitle();
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(crumbs).toHaveTextContent('/docs/2026');
    expect(await screen.findByRole('dialog', { name: 'plan.md' })).toHaveTextContent(
      '/docs/2026/plan.md',
    );
  });

  it('follows header links to other screens', async () => {
    signInAsAdmin();
    const { user, router } = renderApp('/');
    await pageTitle();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const upload = Array.from(nav.querySelectorAll('a')).find((a) => a.textContent === 'Upload');
    await user.click(upload!);
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Upload files'));
    expect(router.state.location.pathname).toBe('/upload');
    expect(upload).toHaveAttribute('aria-current', 'page');
  });
});

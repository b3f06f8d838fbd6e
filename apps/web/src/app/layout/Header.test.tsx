import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubServer } from '../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../test/sessions';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

describe('header', () => {
  it('has the four main links with the current one marked', async () => {
    signInAsAdmin();
    renderApp('/mount-explorer/docs');
    await screen.findByTestId('page-title');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Upload', '/upload'],
      ['Mount explorer', '/mount-explorer'],
      ['Admin', '/admin'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Mount explorer' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the mobile menu, which closes when a link is followed', async () => {
    const { user, router } = renderApp('/');
    await screen.findByTestId('page-title');
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await user.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(screen.getByRole('button', { name: 'Close navigation menu', expanded: true })).toBe(
      burger,
    );
    await user.click(within(drawer).getByRole('link', { name: 'Admin' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('closes the mobile menu with Escape', async () => {
    const { user } = renderApp('/');
    await screen.findByTestId('page-title');
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links the brand to Home', async () => {
    renderApp('/upload');
    await screen.findByTestId('page-title');
    expect(screen.getByRole('link', { name: 'Pasteport, go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('offers a text-only key Home and Admin, in the bar and in the mobile menu', async () => {
    signInWithApiKey(keyInfo({ text: true }));
    const { user } = renderApp('/');
    await screen.findByTestId('page-title');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Home', 'Admin']),
    );
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Admin']);
  });

  it('offers a guest Upload once the server allows guest uploads', async () => {
    stubServer({
      'GET /api/system/guest-access': () =>
        ok({ allow_guest_pastes: true, allow_guest_uploads: true }),
    });
    renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Upload' })).toHaveAttribute(
      'href',
      '/upload',
    );
    expect(within(nav).queryByRole('link', { name: 'Mount explorer' })).not.toBeInTheDocument();
  });

  it('shows the task button beside the theme toggle while an admin has tasks', async () => {
    const task = {
      id: 't1',
      type: 'copy',
      status: 'running',
      created_by: 'admin',
      progress: { current: 1, total: 4, bytes_done: 0, bytes_total: 0 },
      cancel_requested: false,
      error: null,
      created_at: '2030-01-01T00:00:00Z',
      updated_at: '2030-01-01T00:00:00Z',
      started_at: null,
      finished_at: null,
    };
    signInAsAdmin({
      'GET /api/tasks': () => ok({ items: [task], total: 1, limit: 100, offset: 0 }),
    });
    renderApp('/upload');
    const button = await screen.findByRole('button', { name: 'Tasks: 1 in progress' });
    const toggle = screen.getByTestId('theme-toggle');
    expect(button.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Five controls do not fit a 375 px bar beside the brand's name: phones show the logo only.
    expect(screen.getByTestId('brand-name')).toHaveClass('mantine-visible-from-xs');
  });

  it('keeps the brand name on phones when there is no task button', async () => {
    signInAsAdmin({ 'GET /api/tasks': () => ok({ items: [], total: 0, limit: 100, offset: 0 }) });
    renderApp('/upload');
    await screen.findByTestId('user-menu');
    expect(screen.queryByTestId('tasks-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('brand-name')).not.toHaveClass('mantine-visible-from-xs');
  });

  it('draws the brand and the page title at least as brightly as the links (dark mode)', async () => {
    renderApp('/upload');
    const title = await screen.findByTestId('page-title');
    // "bright" is white in dark mode and black in light; Mantine's body text is greyer.
    expect(title.style.color).toBe('var(--mantine-color-bright)');
    expect(screen.getByTestId('brand-name').style.color).toBe('var(--mantine-color-bright)');
  });
});

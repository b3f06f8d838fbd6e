import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('header', () => {
  it('has the four main links with the current one marked', async () => {
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
});

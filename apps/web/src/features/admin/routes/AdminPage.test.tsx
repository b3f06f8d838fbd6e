import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const navLinks = () =>
  within(screen.getAllByRole('navigation', { name: 'Admin sections' })[0]!)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('admin frame per identity', () => {
  it('shows a text-and-file key only its two modules', async () => {
    signInWithApiKey(keyInfo({ text: true, file: true }));
    renderApp('/admin/file-management');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('File shares');
    expect(navLinks()).toEqual(['/admin/text-management', '/admin/file-management']);
  });

  it('redirects a key from an admin-only module to its first allowed one', async () => {
    signInWithApiKey(keyInfo({ file: true }));
    const { router } = renderApp('/admin/key-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/file-management'));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('File shares');
  });

  it('tells a mount-only key there is nothing to manage and links its mounts', async () => {
    signInWithApiKey(keyInfo({ mount: true }, '/team'));
    renderApp('/admin');
    expect(await screen.findByText('Nothing to manage with this key')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the mount explorer' })).toHaveAttribute(
      'href',
      '/mount-explorer/team',
    );
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).not.toBeInTheDocument();
  });

  it('names who is signed in and signs out from the user menu', async () => {
    const fetchMock = signInAsAdmin();
    const { user } = renderApp('/admin/dashboard');
    await screen.findByTestId('page-title');
    await user.click(screen.getByRole('button', { name: 'Signed in as root' }));
    expect(await screen.findByText('Administrator')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('tab', { name: 'API key' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Sign in');
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('pasteport.auth.'))).toEqual([]);
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/admin/logout')).toHaveLength(1));
  });
});

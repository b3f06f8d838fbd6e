import { AUTH_REVALIDATE_MS } from '@pasteport/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok, requestsTo } from '../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../test/sessions';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const title = () => screen.findByTestId('page-title');

describe('route guard and session checks', () => {
  it('waits for the server to confirm a restored session before showing the admin area', async () => {
    let answer: (response: Response) => void = () => undefined;
    signInAsAdmin({
      'GET /api/test/admin-token': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/admin');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByTestId('page-title')).not.toBeInTheDocument();
    answer(ok({ username: 'root', expires_at: '2999-01-01T00:00:00Z' }));
    expect(await title()).toHaveTextContent('Dashboard');
  });

  it('shows the login with "session expired" when the restored session is rejected', async () => {
    signInAsAdmin({ 'GET /api/test/admin-token': () => fail(401, 'SESSION_INVALID') });
    renderApp('/admin/settings');
    expect(await title()).toHaveTextContent('Sign in');
    expect(screen.getByTestId('session-ended')).toHaveTextContent(
      'Admin session expired, please log in again.',
    );
    expect(localStorage.getItem('pasteport.auth.type')).toBeNull();
  });

  it('logs out on a 401 from a module and shows the login with the notice', async () => {
    signInAsAdmin({ 'GET /api/admin/api-keys': () => fail(401, 'SESSION_INVALID') });
    renderApp('/admin/key-management');
    expect(await screen.findByTestId('session-ended')).toHaveTextContent(
      'Admin session expired, please log in again.',
    );
    expect(screen.getByTestId('page-title')).toHaveTextContent('Sign in');
  });

  it('re-validates when navigating after more than 5 minutes, not before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = signInAsAdmin();
    const { router } = renderApp('/admin');
    await title();
    const checks = () => requestsTo(fetchMock, 'GET /api/test/admin-token').length;
    expect(checks()).toBe(1);
    await act(() => router.navigate('/admin/storage-config'));
    expect(checks()).toBe(1);
    vi.setSystemTime(Date.now() + AUTH_REVALIDATE_MS + 1);
    await act(() => router.navigate('/admin/mount-management'));
    await waitFor(() => expect(checks()).toBe(2));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Mount points');
  });

  it('sends a key that lost all its permissions Home with a notice', async () => {
    signInWithApiKey(keyInfo({}));
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText(/has no text, file or mount permission/)).toBeInTheDocument();
    expect(await title()).toHaveTextContent('Online clipboard');
  });

  it('sends a mount key outside its basic path to the explorer at that path', async () => {
    signInWithApiKey(keyInfo({ mount: true }, '/docs'));
    const { router } = renderApp('/mount-explorer/docs-private/a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/docs'));
    expect(await screen.findByRole('navigation', { name: 'Folder path' })).toHaveTextContent(
      '/docs',
    );
  });

  it('lets a mount key browse beneath its basic path', async () => {
    signInWithApiKey(keyInfo({ mount: true }, '/docs'));
    const { router } = renderApp('/mount-explorer/docs/2026');
    expect(await screen.findByRole('navigation', { name: 'Folder path' })).toHaveTextContent(
      '/docs/2026',
    );
    expect(router.state.location.pathname).toBe('/mount-explorer/docs/2026');
  });
});

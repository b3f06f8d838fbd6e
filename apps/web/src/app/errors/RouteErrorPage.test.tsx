import type { Language } from '@pasteport/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthStore } from '../../lib/auth';
import { createI18n } from '../../lib/i18n';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { appRoutes } from '../router';
import { installGlobalErrorFilter, isSwallowedError } from './route-error';
import { RouteErrorPage } from './RouteErrorPage';

/** Renders `element` at /broken under an error element like the app's, with a Home route. */
function renderRoutes(
  element: RouteObject['element'],
  {
    language = 'en',
    reload,
    isOnline,
    initialEntries = ['/broken'],
  }: {
    language?: Language;
    reload?: () => void;
    isOnline?: () => boolean;
    initialEntries?: string[];
  } = {},
) {
  const routes: RouteObject[] = [
    {
      errorElement: <RouteErrorPage reload={reload} isOnline={isOnline} />,
      children: [
        { index: true, element: <h1>Home page</h1> },
        { path: 'broken', element },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries });
  render(
    <AppProviders
      i18n={createI18n(language)}
      queryClient={createQueryClient()}
      authStore={createAuthStore()}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}

function Thrower({ error }: { error: Error }): never {
  throw error;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorPage', () => {
  it('is the error element of the app routes', () => {
    expect(appRoutes[0]?.errorElement).toBeTruthy();
  });

  it('says in English what happened when a page throws, and logs the error once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('render failed');
    renderRoutes(<Thrower error={error} />);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on this page' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
    expect(log.mock.calls.filter(([logged]) => logged === error)).toHaveLength(1);
  });

  it('says it in Chinese', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(<Thrower error={new Error('render failed')} />, { language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '此页面出错了' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toBeInTheDocument();
  });

  it('does not log errors of the editor or the translation library (SPEC §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('view update failed');
    error.stack =
      'Error: view update failed\n    at EditorView.update (@codemirror/view/dist/index.js)';
    renderRoutes(<Thrower error={error} />);
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });
    expect(log.mock.calls.some(([logged]) => logged === error)).toBe(false);
  });

  it('renders the page again on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('first render failed');
      return <h1>Recovered page</h1>;
    }
    const { user } = renderRoutes(<Flaky />);
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });

  it('explains a page chunk that failed to load, in both languages, and reloads on Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunkError = () =>
      new TypeError('Failed to fetch dynamically imported module: /assets/upload-1a2b.js');
    const Missing = lazy(() => Promise.reject(chunkError()));
    const reload = vi.fn();
    const { user } = renderRoutes(<Missing />, { reload });
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);

    const MissingToo = lazy(() => Promise.reject(chunkError()));
    renderRoutes(<MissingToo />, { language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '此页面无法加载' })).toBeInTheDocument();
  });

  it('is the offline fallback (SPEC §2) for a page whose code cannot load offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/a.js')),
    );
    const reload = vi.fn();
    const { user, router } = renderRoutes(<Missing />, {
      reload,
      isOnline: () => false,
      initialEntries: ['/', '/broken'],
    });
    expect(
      await screen.findByRole('heading', { name: 'Page temporarily unavailable' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The page is unavailable. Check your network connection.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Back to previous page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers no "previous page" for an error that is not a missing chunk', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(<Thrower error={new Error('render failed')} />, { isOnline: () => false });
    await screen.findByRole('heading', { name: 'Something went wrong on this page' });
    expect(screen.queryByRole('button', { name: 'Back to previous page' })).toBeNull();
  });

  it('takes the user home from Back home', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, router } = renderRoutes(<Thrower error={new Error('render failed')} />);
    await user.click(await screen.findByRole('link', { name: 'Back home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('installGlobalErrorFilter', () => {
  it('silences uncaught editor and translation errors, and leaves others alone', () => {
    const uninstall = installGlobalErrorFilter(window);
    const editor = new ErrorEvent('error', {
      error: new Error('x'),
      filename: 'https://pasteport.test/assets/codemirror-setup-1a2b.js',
      cancelable: true,
    });
    const other = new ErrorEvent('error', {
      error: new Error('y'),
      filename: 'https://pasteport.test/assets/index-1a2b.js',
      cancelable: true,
    });
    window.dispatchEvent(editor);
    window.dispatchEvent(other);
    uninstall();
    expect(editor.defaultPrevented).toBe(true);
    expect(other.defaultPrevented).toBe(false);
  });

  it('recognises i18next errors', () => {
    const error = new Error('i18next: init failed');
    expect(isSwallowedError(error)).toBe(true);
    expect(isSwallowedError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

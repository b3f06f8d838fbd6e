import type { Language } from '@pasteport/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAuthStore, startAuth } from '../lib/auth';
import { createI18n } from '../lib/i18n';

/** How one rendering starts: the language, and whether inside React.StrictMode. */
export interface RenderAppOptions {
  language?: Language;
  /** As the real entry renders it: mount effects run twice. */
  strict?: boolean;
}

/**
 * A renderer of the whole app over `routes`: each call renders `path` with fresh i18n, query
 * client, memory router and auth store (restored from localStorage, so seed it first to start
 * signed in). The test passes the app's routes, so test support never imports the router.
 */
export function createAppRenderer(routes: RouteObject[]) {
  return function renderApp(
    path = '/',
    { language = 'en', strict = false }: RenderAppOptions = {},
  ) {
    const i18n = createI18n(language);
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const authStore = createAuthStore();
    const stopAuth = startAuth(authStore);
    onTestFinished(stopAuth);
    const app = (
      <AppProviders
        i18n={i18n}
        queryClient={createQueryClient()}
        authStore={authStore}
        mantineEnv="test"
      >
        <RouterProvider router={router} />
      </AppProviders>
    );
    const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
    return { ...view, router, i18n, authStore, user: userEvent.setup() };
  };
}

/** What createAppRenderer returns. */
export type AppRenderer = ReturnType<typeof createAppRenderer>;

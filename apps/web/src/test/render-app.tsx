import type { Language } from '@pasteport/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { createAuthStore, startAuth } from '../lib/auth';
import { createI18n } from '../lib/i18n';

/**
 * Renders the whole app at `path` with fresh i18n, query client, memory router and auth store
 * (restored from localStorage, so seed it first to start signed in).
 */
export function renderApp(path = '/', { language = 'en' }: { language?: Language } = {}) {
  const i18n = createI18n(language);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const authStore = createAuthStore();
  const stopAuth = startAuth(authStore);
  onTestFinished(stopAuth);
  const view = render(
    <AppProviders
      i18n={i18n}
      queryClient={createQueryClient()}
      authStore={authStore}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n, authStore, user: userEvent.setup() };
}

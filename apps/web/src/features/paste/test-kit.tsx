import type { PasteView } from '@pasteport/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, onTestFinished } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { appRoutes } from '../../app/router';
import { createAuthStore, startAuth } from '../../lib/auth';
import { errorBody, jsonResponse } from '../../lib/api/test-helpers';
import type { PasteGoneReason } from '@pasteport/contract';
import { createI18n } from '../../lib/i18n';

const DAY_MS = 86_400_000;

/** A paste as GET /api/paste/{slug} shows it; timestamps relative to now. */
export function givenPaste(patch: Partial<PasteView> = {}): PasteView {
  const created = new Date(Date.now() - 2 * 3_600_000).toISOString();
  return {
    slug: 'notes',
    content: 'Hello world',
    remark: null,
    expires_at: null,
    max_views: 0,
    views: 1,
    remaining_views: null,
    has_password: false,
    created_at: created,
    updated_at: created,
    manage_id: null,
    ...patch,
  };
}

/** An instant `days` from now, as the server writes it. */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** A 410 as the server sends it, with its own message (which tells the two kinds apart). */
export function gone(reason?: PasteGoneReason): Response {
  const details = reason ? [{ field: 'paste', rule: reason, message: 'gone' }] : undefined;
  return jsonResponse(410, { ...errorBody(410, 'GONE', 'Server prose'), details });
}

/**
 * The whole app at `path`, like renderApp, optionally inside React.StrictMode (as the real
 * entry renders it), which runs mount effects twice.
 */
export function renderPasteApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const authStore = createAuthStore();
  onTestFinished(startAuth(authStore));
  const i18n = createI18n('en');
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
}

/**
 * Waits until the rendered document shows `text` (the renderer may load and render
 * asynchronously), so these tests do not depend on how Markdown turns into HTML.
 */
export async function expectDocumentText(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('paste-document')).toHaveTextContent(text));
}

import type { FsItem, FsList } from '@pasteport/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { createAuthStore } from '../../../lib/auth';
import { createI18n } from '../../../lib/i18n';

/*
 * Test support for the explorer's parts (menu, dialogs, lists) rendered on their own: the app's
 * providers in test mode and a memory router for their links. Imported by tests only.
 */

/** Renders one explorer part with the app's providers (English, no session). */
export function renderPart(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
  const view = render(
    <AppProviders
      i18n={createI18n('en')}
      queryClient={createQueryClient()}
      authStore={createAuthStore()}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user: userEvent.setup() };
}

/** A file entry of `folder`. */
export function givenFile(folder: string, name: string, patch: Partial<FsItem> = {}): FsItem {
  return {
    name,
    path: folder === '/' ? `/${name}` : `${folder}/${name}`,
    isDirectory: false,
    size: 2048,
    modified: '2026-11-01T10:00:00Z',
    mimetype: 'text/plain',
    ...patch,
  };
}

/** A folder entry of `parent`. */
export function givenFolder(parent: string, name: string, patch: Partial<FsItem> = {}): FsItem {
  return givenFile(parent, name, {
    isDirectory: true,
    size: 0,
    modified: null,
    mimetype: null,
    ...patch,
  });
}

/** One listing page of `path` (a mount folder unless told otherwise). */
export function givenPage(path: string, items: FsItem[], patch: Partial<FsList> = {}): FsList {
  return {
    path,
    isVirtual: false,
    mount_id: 'm1',
    storage_type: 'LOCAL',
    writable: true,
    items,
    next_cursor: null,
    ...patch,
  };
}

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { createAuthStore, startAuth } from '../../../lib/auth';
import { createI18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage';
import {
  bodyOf,
  fail,
  ok,
  requestsTo,
  stubServer,
  type FakeRoutes,
} from '../../../test/fake-server';
import { adminServerRoutes, seedAdminSession } from '../../../test/sessions';
import type { BasketEntry } from './basket-rules';
import { BasketButton } from './BasketButton';
import { basketStorageKey } from './basket-store';

const GiB = 1024 ** 3;
const API = 'https://api.example.com/api';
const ARCHIVE_LINK = '/api/fs/archive/arc-1?token=secret';

const fileEntry = (path: string, size: number): BasketEntry => ({
  path,
  name: path.split('/').at(-1) ?? path,
  isDirectory: false,
  size,
});
const folderEntry = (path: string): BasketEntry => ({
  ...fileEntry(path, 0),
  isDirectory: true,
  size: null,
});

/**
 * The button over a basket already holding `entries`, as the admin, with the API on another
 * origin so origin-relative links must be made absolute.
 */
function renderBasket(entries: BasketEntry[], routes: FakeRoutes = {}) {
  localStorage.setItem(STORAGE_KEYS.apiHost, API);
  seedAdminSession();
  const fetchMock = stubServer({
    ...adminServerRoutes(),
    'POST /api/fs/archive': () =>
      ok({ url: ARCHIVE_LINK, expires_at: '2999-01-01T01:00:00.000Z' }, 201),
    ...routes,
  });
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  const authStore = createAuthStore();
  localStorage.setItem(
    basketStorageKey(authStore.getSnapshot().session) ?? 'missing',
    JSON.stringify(entries),
  );
  onTestFinished(startAuth(authStore));
  render(
    <AppProviders
      i18n={createI18n('en')}
      queryClient={createQueryClient()}
      authStore={authStore}
      mantineEnv="test"
    >
      <BasketButton />
    </AppProviders>,
  );
  return { fetchMock, assign, user: userEvent.setup() };
}

async function openBasket(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /basket/i }));
  return screen.findByRole('dialog', { name: 'Basket' });
}

describe('BasketButton and BasketDrawer', () => {
  it('names the count on the button and lists the entries with their totals', async () => {
    const { user } = renderBasket([
      fileEntry('/m/a.txt', 1024),
      fileEntry('/m/b.txt', 2048),
      folderEntry('/m/docs'),
    ]);
    expect(screen.getByRole('button', { name: 'Basket: 3 items' })).toBeInTheDocument();
    const drawer = await openBasket(user);
    expect(within(drawer).getByText('3 items · 3 KB + folders')).toBeInTheDocument();
    const list = within(drawer).getByRole('list', { name: 'Items in the basket' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('/m/docs')).toBeInTheDocument();
    expect(within(list).getByText('Folder')).toBeInTheDocument();
  });

  it('says so when empty, and the plain button stays discoverable', async () => {
    const { user } = renderBasket([]);
    const drawer = await openBasket(user);
    expect(within(drawer).getByText(/The basket is empty/)).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Download ZIP' })).toBeNull();
  });

  it('removes one entry by its named button, and clears the rest', async () => {
    const { user } = renderBasket([fileEntry('/m/a.txt', 10), fileEntry('/m/b.txt', 20)]);
    const drawer = await openBasket(user);
    await user.click(
      within(drawer).getByRole('button', { name: 'Remove “a.txt” from the basket' }),
    );
    expect(within(drawer).queryByText('/m/a.txt')).toBeNull();
    expect(within(drawer).getByText('1 item · 20 B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Basket: 1 item' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Clear' }));
    expect(within(drawer).getByText(/The basket is empty/)).toBeInTheDocument();
  });

  it('asks for the archive of every path and follows the absolute link at once', async () => {
    const { user, fetchMock, assign } = renderBasket([
      fileEntry('/m/a.txt', 10),
      folderEntry('/m/docs'),
    ]);
    const drawer = await openBasket(user);
    await user.click(within(drawer).getByRole('button', { name: 'Download ZIP' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(`https://api.example.com${ARCHIVE_LINK}`);
    expect(bodyOf(fetchMock, 'POST /api/fs/archive')).toEqual({
      paths: ['/m/a.txt', '/m/docs'],
      name: 'pasteport-basket',
    });
  });

  it('names a one-entry archive after its entry', async () => {
    const { user, fetchMock, assign } = renderBasket([folderEntry('/m/photos')]);
    const drawer = await openBasket(user);
    await user.click(within(drawer).getByRole('button', { name: 'Download ZIP' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(bodyOf(fetchMock, 'POST /api/fs/archive')).toEqual({
      paths: ['/m/photos'],
      name: 'photos',
    });
  });

  it('above 1 GiB, states the size and asks before any request; confirming downloads', async () => {
    const { user, fetchMock, assign } = renderBasket([
      fileEntry('/m/a.iso', 0.75 * GiB),
      fileEntry('/m/b.iso', 0.75 * GiB),
    ]);
    const drawer = await openBasket(user);
    await user.click(within(drawer).getByRole('button', { name: 'Download ZIP' }));
    expect(within(drawer).getByText('This is a large download')).toBeInTheDocument();
    expect(within(drawer).getByText(/The ZIP holds 1.5 GB\. It is built while it downloads/));
    expect(requestsTo(fetchMock, 'POST /api/fs/archive')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();

    await user.click(within(drawer).getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(requestsTo(fetchMock, 'POST /api/fs/archive')).toHaveLength(1);
    expect(within(drawer).queryByText('This is a large download')).toBeNull();
  });

  it('cancelling the large-download question sends nothing', async () => {
    const { user, fetchMock } = renderBasket([fileEntry('/m/a.iso', 2 * GiB)]);
    const drawer = await openBasket(user);
    await user.click(within(drawer).getByRole('button', { name: 'Download ZIP' }));
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    expect(within(drawer).queryByText('This is a large download')).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/fs/archive')).toHaveLength(0);
  });

  it('shows why the archive was refused, and does not navigate', async () => {
    const { user, assign } = renderBasket([fileEntry('/m/a.txt', 10)], {
      'POST /api/fs/archive': () => fail(403, 'PATH_FORBIDDEN'),
    });
    const drawer = await openBasket(user);
    await user.click(within(drawer).getByRole('button', { name: 'Download ZIP' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent(
      'This path is outside the area this API key may reach.',
    );
    expect(assign).not.toHaveBeenCalled();
  });
});

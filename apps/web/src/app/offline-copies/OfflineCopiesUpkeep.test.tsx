import 'fake-indexeddb/auto';
import { render, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthStore, AuthStoreProvider } from '../../lib/auth';
import { offlineOwnerOf } from '../../lib/offline-copies';
import { deleteOfflineDb, getOfflineDb } from '../../lib/offline-db';
import { stubServer } from '../../test/fake-server';
import { DAY_MS, givenCopy, guestOwner, storedCopy } from '../../test/kits/offline-kit';
import { createAppRenderer } from '../../test/render-app';
import { ADMIN, signInAsAdmin } from '../../test/sessions';
import { appRoutes } from '../router';
import { OfflineCopiesUpkeep } from './OfflineCopiesUpkeep';

const renderApp = createAppRenderer(appRoutes);

afterEach(async () => {
  await deleteOfflineDb();
});

const adminOwner = () =>
  offlineOwnerOf({ type: 'admin', token: ADMIN.token, username: ADMIN.username, expiresAt: '' });

describe('offline copies upkeep', () => {
  it('sweeps copies 7 days old when the app starts', async () => {
    const now = Date.UTC(2030, 0, 10);
    await givenCopy('pastes', 'old', { owner: guestOwner(), data: {}, cachedAt: now - 7 * DAY_MS });
    await givenCopy('pastes', 'new', { owner: guestOwner(), data: {}, cachedAt: now - DAY_MS });
    stubServer({});
    render(
      <AuthStoreProvider store={createAuthStore()}>
        <OfflineCopiesUpkeep now={() => now} />
      </AuthStoreProvider>,
    );
    await waitFor(async () => expect(await storedCopy('pastes', 'old')).toBeUndefined());
    expect(await storedCopy('pastes', 'new')).toBeDefined();
  });

  it('forgets what belonged to an identity when it signs out, and nothing else', async () => {
    signInAsAdmin();
    await givenCopy('pastes', 'admins', { owner: adminOwner(), data: {} });
    await givenCopy('directories', '/team', { owner: adminOwner(), data: [] });
    await givenCopy('pastes', 'guests', { owner: guestOwner(), data: {} });
    await getOfflineDb().offlineQueue.bulkAdd([
      {
        type: 'x',
        endpoint: '/api/x',
        method: 'PUT',
        data: {},
        timestamp: 1,
        status: 'pending',
        owner: adminOwner(),
      },
      {
        type: 'x',
        endpoint: '/api/x',
        method: 'PUT',
        data: {},
        timestamp: 2,
        status: 'pending',
        owner: guestOwner(),
      },
    ]);
    await getOfflineDb().searchHistory.put({ query: 'budget', timestamp: 1 });
    const { authStore } = renderApp('/');

    act(() => authStore.logout());

    await waitFor(async () => expect(await storedCopy('pastes', 'admins')).toBeUndefined());
    expect(await storedCopy('directories', '/team')).toBeUndefined();
    expect(await storedCopy('pastes', 'guests')).toBeDefined();
    const queue = await getOfflineDb().offlineQueue.toArray();
    expect(queue.map((item) => item.owner)).toEqual([guestOwner()]);
    expect(await getOfflineDb().searchHistory.count()).toBe(0);
  });
});

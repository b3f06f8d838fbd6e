import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router';
import { deleteOfflineDb, getOfflineDb } from '../../lib/offline-db';
import { stubServer } from '../../test/fake-server';
import { givenCopy, guestOwner } from '../../test/kits/offline-kit';
import { createAppRenderer } from '../../test/render-app';
import { signInAsAdmin } from '../../test/sessions';

const renderApp = createAppRenderer(appRoutes);

afterEach(async () => {
  await deleteOfflineDb();
});

function queued(owner?: string) {
  return {
    type: 'paste',
    endpoint: '/api/paste',
    method: 'POST',
    data: { content: 'written offline' },
    timestamp: 1,
    status: 'pending' as const,
    owner,
  };
}

/** A device that kept a little of everything. */
async function givenKeptData(queuedCount: number) {
  const db = getOfflineDb();
  await givenCopy('pastes', 'notes', { owner: guestOwner(), data: {} });
  await givenCopy('files', 'report', { owner: guestOwner(), data: {} });
  await givenCopy('directories', '/team', { owner: 'admin@/api', data: [] });
  await db.searchHistory.put({ query: 'invoice', timestamp: 1 });
  await db.settings.put({ key: 'theme', value: 'dark' });
  for (let at = 0; at < queuedCount; at += 1) await db.offlineQueue.add(queued(guestOwner()));
}

async function counts(): Promise<Record<string, number>> {
  const db = getOfflineDb();
  const tables = [
    db.pastes,
    db.files,
    db.directories,
    db.searchHistory,
    db.offlineQueue,
    db.settings,
  ];
  const entries = await Promise.all(
    tables.map(async (table): Promise<[string, number]> => [table.name, await table.count()]),
  );
  return Object.fromEntries(entries);
}

/** Opens the dialog from the offline data section (a guest finds it on the sign-in screen). */
async function openDialog(path = '/admin', language: 'en' | 'zh-CN' = 'en') {
  const view = renderApp(path, { language });
  const section = await screen.findByTestId('offline-data-section');
  const label = language === 'en' ? 'Forget offline data' : '清除离线数据';
  await view.user.click(within(section).getByRole('button', { name: label }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

describe('forget offline data', () => {
  it('is offered to a guest on the sign-in screen, saying what is kept and for how long', async () => {
    stubServer({});
    renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'Offline data on this device' });
    expect(section).toHaveTextContent('kept on this device for 7 days');
    expect(within(section).getByRole('button', { name: 'Forget offline data' })).toBeEnabled();
  });

  it('is offered to the administrator in the settings', async () => {
    signInAsAdmin();
    renderApp('/admin/settings');
    expect(
      await screen.findByRole('region', { name: 'Offline data on this device' }),
    ).toBeInTheDocument();
  });

  it('asks first, naming the waiting changes it discards, then forgets all but the settings', async () => {
    stubServer({});
    await givenKeptData(2);
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Forget offline data on this device?');
    expect(await within(dialog).findByTestId('offline-queue-warning')).toHaveTextContent(
      '2 changes made offline and not yet sent will be discarded.',
    );
    // Nothing goes before the confirmation.
    expect(await counts()).toMatchObject({ pastes: 1, offlineQueue: 2 });

    await user.click(within(dialog).getByRole('button', { name: 'Forget offline data' }));
    expect(
      await screen.findByText('Offline data on this device was forgotten.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await counts()).toEqual({
      pastes: 0,
      files: 0,
      directories: 0,
      searchHistory: 0,
      offlineQueue: 0,
      settings: 1,
    });
  });

  it('keeps everything when cancelled', async () => {
    stubServer({});
    await givenKeptData(1);
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByTestId('offline-queue-warning')).toHaveTextContent(
      '1 change made offline',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await counts()).toEqual({
      pastes: 1,
      files: 1,
      directories: 1,
      searchHistory: 1,
      offlineQueue: 1,
      settings: 1,
    });
  });

  it('says so in Chinese too, when no change waits to be sent', async () => {
    stubServer({});
    await givenKeptData(0);
    const { dialog } = await openDialog('/admin', 'zh-CN');
    expect(dialog).toHaveAccessibleName('清除本设备上的离线数据？');
    expect(await within(dialog).findByText(/目前没有等待发送的更改/)).toBeInTheDocument();
  });
});

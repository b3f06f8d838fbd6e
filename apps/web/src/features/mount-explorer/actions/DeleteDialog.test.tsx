import type { FsItem } from '@pasteport/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import { createAuthStore } from '../../../lib/auth';
import { createI18n } from '../../../lib/i18n';
import {
  bodyOf,
  fail,
  ok,
  requestsTo,
  stubServer,
  type FakeRoute,
} from '../../../test/fake-server';
import { DeleteDialog } from './DeleteDialog';

const SHARED = 'POST /api/fs/shared';

function entry(path: string, isDirectory = false): FsItem {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    isDirectory,
    size: isDirectory ? 0 : 10,
    modified: null,
    mimetype: isDirectory ? null : 'text/plain',
  };
}

/** Renders the dialog alone, with the app's providers and `answer` as POST /api/fs/shared. */
function renderDialog(entries: FsItem[], answer: FakeRoute) {
  const fetchMock = stubServer({ [SHARED]: answer });
  const queryClient = createQueryClient();
  const onConfirm = vi.fn();
  render(
    <AppProviders
      i18n={createI18n('en')}
      queryClient={queryClient}
      authStore={createAuthStore()}
      mantineEnv="test"
    >
      <DeleteDialog
        entries={entries}
        pending={false}
        error={null}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />
    </AppProviders>,
  );
  /** Resolves once the answer about `entries` is in (whatever it said). */
  const answered = () =>
    waitFor(() => {
      const state = queryClient.getQueryState(['fs', 'shared', entries.map((e) => e.path)]);
      expect(['success', 'error']).toContain(state?.status);
    });
  return { fetchMock, onConfirm, answered, user: userEvent.setup() };
}

/** A fake POST /api/fs/shared answering `shares` for the asked paths it knows. */
const sharing =
  (shares: Record<string, number>): FakeRoute =>
  ({ body }) => {
    const { paths } = body as { paths: string[] };
    return ok({
      shared: paths.filter((path) => shares[path]).map((path) => ({ path, shares: shares[path] })),
    });
  };

describe('DeleteDialog shared-files warning', () => {
  it('asks about the entries being deleted and says how many files are shared', async () => {
    const entries = [entry('/m/a.txt'), entry('/m/b.txt'), entry('/m/c.txt')];
    const { fetchMock } = renderDialog(entries, sharing({ '/m/a.txt': 1, '/m/c.txt': 3 }));

    expect(
      await screen.findByText('2 of these files are shared: their share links will stop working.'),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, SHARED)).toEqual({ paths: ['/m/a.txt', '/m/b.txt', '/m/c.txt'] });
    expect(screen.getByRole('status')).toHaveTextContent('2 of these files are shared');
  });

  it('says so when the one folder being deleted holds shared files', async () => {
    renderDialog([entry('/m/docs', true)], sharing({ '/m/docs': 4 }));

    expect(
      await screen.findByText(
        'This folder contains shared files: their share links will stop working.',
      ),
    ).toBeInTheDocument();
  });

  it('counts the links of the one file being deleted', async () => {
    renderDialog([entry('/m/report.pdf')], sharing({ '/m/report.pdf': 2 }));

    expect(
      await screen.findByText('This file is shared by 2 links: they will stop working.'),
    ).toBeInTheDocument();
  });

  it('warns of nothing when nothing is shared', async () => {
    const { fetchMock, answered } = renderDialog(
      [entry('/m/a.txt'), entry('/m/docs', true)],
      sharing({ '/m/other.txt': 1 }),
    );

    await answered();
    expect(requestsTo(fetchMock, SHARED)).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/share links? will stop working/)).not.toBeInTheDocument();
  });

  it('warns of nothing, and still deletes, when the check fails', async () => {
    const { onConfirm, answered, user } = renderDialog([entry('/m/a.txt')], () =>
      fail(403, 'PATH_FORBIDDEN'),
    );

    await answered();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('lets the delete be confirmed while the check is still out', async () => {
    const { fetchMock, onConfirm, user } = renderDialog(
      [entry('/m/a.txt')],
      () => new Promise<Response>(() => undefined),
    );

    await waitFor(() => expect(requestsTo(fetchMock, SHARED)).toHaveLength(1));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('asks about more than 1000 entries in several requests and adds up the answers', async () => {
    const entries = Array.from({ length: 1001 }, (_, i) => entry(`/m/f-${i}.txt`));
    const { fetchMock } = renderDialog(entries, sharing({ '/m/f-0.txt': 1, '/m/f-1000.txt': 1 }));

    expect(
      await screen.findByText('2 of these files are shared: their share links will stop working.'),
    ).toBeInTheDocument();
    const sizes = requestsTo(fetchMock, SHARED).map(
      ([, init]) => (JSON.parse(init?.body as string) as { paths: string[] }).paths.length,
    );
    expect(sizes).toEqual([1000, 1]);
  });
});

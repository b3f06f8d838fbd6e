import 'fake-indexeddb/auto';
import type { FsSearchResponse, FsSearchResult } from '@pasteport/contract';
import { TextInput } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOfflineDb } from '../../../lib/offline-db';
import { fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { createAppRenderer } from '../../../test/render-app';
import { signInAsAdmin } from '../../../test/sessions';
import { ExplorerSearch } from './ExplorerSearch';
import { rememberSearch } from './search-history';
import { SEARCH_DEBOUNCE_MS } from './use-debounced-value';

const SEARCH = 'GET /api/fs/search';

afterEach(async () => {
  await deleteOfflineDb();
});

/** The explorer page as far as search goes: the button, beside another input (the filter). */
function renderAt(path: string, mountId: string | null) {
  const renderApp = createAppRenderer([
    {
      path: '*',
      element: (
        <>
          <TextInput aria-label="Filter" />
          <ExplorerSearch path={path} mountId={mountId} />
        </>
      ),
    },
  ]);
  return renderApp(`/mount-explorer${path === '/' ? '' : path}`);
}

function hit(path: string, patch: Partial<FsSearchResult> = {}): FsSearchResult {
  return {
    name: path.slice(path.lastIndexOf('/') + 1),
    path,
    size: 2048,
    modified: '2026-11-01T10:00:00Z',
    isDirectory: false,
    contentType: null,
    mount_id: 'm1',
    mount_name: 'Team files',
    storage_type: 'LOCAL',
    ...patch,
  };
}

const FIRST = [
  hit('/team/reports', { isDirectory: true, size: 0, modified: null }),
  hit('/team/docs/report.pdf'),
];

/** A search server answering `pages[offset]` for any keyword. */
function searchRoutes(pages: Record<number, FsSearchResponse>): FakeRoutes {
  return {
    [SEARCH]: ({ url }) => {
      const answer = pages[Number(url.searchParams.get('offset'))];
      return answer ? ok(answer) : fail(400, 'VALIDATION_FAILED');
    },
  };
}

const ONE_PAGE = { 0: { results: FIRST, total: 2, hasMore: false, capped: false } };

/** Two pages: 50 results and 10 more. */
function twoPages(): Record<number, FsSearchResponse> {
  const files = Array.from({ length: 60 }, (_, i) => hit(`/team/docs/report-${i}.txt`));
  return {
    0: { results: files.slice(0, 50), total: 60, hasMore: true, capped: false },
    50: { results: files.slice(50), total: 60, hasMore: false, capped: false },
  };
}

/** The query strings of the searches sent, as `q=…&scope=…` maps. */
function searchesSent(fetchMock: ReturnType<typeof signInAsAdmin>) {
  return requestsTo(fetchMock, SEARCH).map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
    return Object.fromEntries(url.searchParams);
  });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Search' }));
  return screen.findByRole('dialog', { name: 'Search files and folders' });
}

const input = () => screen.getByRole('combobox', { name: 'Name contains' });

describe('explorer search', () => {
  it('opens with Ctrl+K or Cmd+K, even from another input, and closes with Esc', async () => {
    signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user } = renderAt('/team/docs', 'm1');
    const button = await screen.findByRole('button', { name: 'Search' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await user.click(screen.getByRole('textbox', { name: 'Filter' }));
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search files and folders' });
    expect(input()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(
      await screen.findByRole('dialog', { name: 'Search files and folders' }),
    ).toBeInTheDocument();
  });

  it('asks nothing for one character, then once for the keyword when typing pauses', async () => {
    const fetchMock = signInAsAdmin(searchRoutes(ONE_PAGE));
    const view = renderAt('/team/docs', 'm1');
    await openDialog(view.user);
    // From here the debounce's clock moves only when the test says so (timeouts only: React's
    // scheduler and IndexedDB keep their own). Keys are typed as input events: user-event
    // waits on timeouts of its own between them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const type = (text: string) => {
      const typed = (input() as HTMLInputElement).value;
      for (let end = 1; end <= text.length; end++) {
        fireEvent.change(input(), { target: { value: typed + text.slice(0, end) } });
      }
    };
    type('r');
    expect(screen.getByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await wait(SEARCH_DEBOUNCE_MS * 3);
    expect(searchesSent(fetchMock)).toEqual([]);

    type('eport');
    await wait(SEARCH_DEBOUNCE_MS - 1);
    expect(searchesSent(fetchMock)).toEqual([]);
    await wait(1);
    expect(searchesSent(fetchMock)).toEqual([
      { q: 'report', scope: 'global', limit: '50', offset: '0' },
    ]);
    // Bounded steps of the fake clock until the answer is drawn.
    for (let step = 0; step < 100 && !screen.queryByText('Showing 2 of 2 matches'); step++) {
      await wait(10);
    }
    expect(screen.getByText('Showing 2 of 2 matches')).toBeInTheDocument();
    await wait(SEARCH_DEBOUNCE_MS * 3);
    expect(searchesSent(fetchMock)).toHaveLength(1);
  });

  it('sends the mount for "This mount" and the folder for "This folder and below"', async () => {
    const fetchMock = signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user } = renderAt('/team/docs', 'm1');
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('radio', { name: 'This mount' }));
    await user.type(input(), 'report');
    await screen.findByText('Showing 2 of 2 matches');
    await user.click(within(dialog).getByRole('radio', { name: 'This folder and below' }));
    await screen.findByText('Showing 2 of 2 matches');
    const sent = searchesSent(fetchMock);
    expect(sent).toContainEqual({
      q: 'report',
      scope: 'mount',
      mount_id: 'm1',
      limit: '50',
      offset: '0',
    });
    expect(sent.at(-1)).toEqual({
      q: 'report',
      scope: 'directory',
      path: '/team/docs',
      limit: '50',
      offset: '0',
    });
  });

  it('offers only all mounts at the top level, and says why', async () => {
    signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user } = renderAt('/', null);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('radio', { name: 'All mounts' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'This mount' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'This folder and below' })).toBeDisabled();
    expect(within(dialog).getByText(/At the top level there is no single mount/)).toBeVisible();
  });

  it('opens the active result with Enter: a file previewed in its folder', async () => {
    signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user, router } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 'report');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('reports/team · Team filesFolder'),
      expect.stringContaining('report.pdf/team/docs · Team files2 KB'),
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/mount-explorer/team/docs');
    expect(router.state.location.search).toBe('?preview=report.pdf');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The search was remembered.
    await openDialog(user);
    const recent = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(within(recent).getByRole('option', { name: 'report' })).toBeInTheDocument();
  });

  it('opens a folder result itself, and any result’s folder from its button', async () => {
    signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user, router } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 'report');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/mount-explorer/team/reports');
    expect(router.state.location.search).toBe('');

    await openDialog(user);
    await user.type(input(), 'report');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.click(screen.getAllByTestId('open-folder')[1]!);
    expect(router.state.location.pathname).toBe('/mount-explorer/team/docs');
    expect(router.state.location.search).toBe('');
  });

  it('loads the next 50 results with "Load more" and adds them to the list', async () => {
    const fetchMock = signInAsAdmin(searchRoutes(twoPages()));
    const { user } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 'report');
    expect(await screen.findByText('Showing 50 of 60 matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 60 of 60 matches')).toBeInTheDocument();
    expect(searchesSent(fetchMock).map((sent) => sent.offset)).toEqual(['0', '50']);
    expect(screen.getAllByRole('option')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('marks a count that stopped at the cap', async () => {
    const page = twoPages()[0]!;
    signInAsAdmin(searchRoutes({ 0: { ...page, total: 10_000, capped: true } }));
    const { user } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 're');
    expect(await screen.findByText('Showing 50 of 10,000+ matches')).toBeInTheDocument();
    expect(screen.getByText(/Type a longer keyword to narrow the search/)).toBeInTheDocument();
  });

  it('says when nothing matches, and names a refused search', async () => {
    signInAsAdmin({
      [SEARCH]: ({ url }) =>
        url.searchParams.get('q') === 'zzz'
          ? ok({ results: [], total: 0, hasMore: false, capped: false })
          : fail(403, 'PATH_FORBIDDEN'),
    });
    const { user, i18n } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 'zzz');
    expect(
      await screen.findByText('No file or folder name contains “zzz” here.'),
    ).toBeInTheDocument();
    await user.clear(input());
    await user.type(input(), 'secret');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search did not finish');
    expect(alert).toHaveTextContent(i18n.t('errors.PATH_FORBIDDEN'));
  });

  it('shows recent searches while empty: Enter runs one again, and they can be cleared', async () => {
    await rememberSearch('invoice');
    await rememberSearch('report');
    const fetchMock = signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    const recent = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['report', 'invoice']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(input()).toHaveValue('invoice');
    await screen.findByText('Showing 2 of 2 matches');
    expect(searchesSent(fetchMock).map((sent) => sent.q)).toEqual(['invoice']);

    await user.clear(input());
    const again = await screen.findByRole('listbox', { name: 'Recent searches' });
    // The history is read again once the search is recorded: wait for that, not the old list.
    await waitFor(() =>
      expect(within(again).getAllByRole('option')[0]).toHaveTextContent('invoice'),
    );
    expect(within(again).getAllByRole('option')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(
      await screen.findByText('Searches you run are listed here, on this device only.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('has no serious or critical axe violations with results shown', async () => {
    signInAsAdmin(searchRoutes(ONE_PAGE));
    const { user } = renderAt('/team/docs', 'm1');
    await openDialog(user);
    await user.type(input(), 'report');
    await screen.findByRole('listbox', { name: 'Search results' });
    await user.keyboard('{ArrowDown}');
    // jsdom draws nothing, so contrast is left to the browser tests.
    const results = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`)).toEqual([]);
  });
});

import type { CacheStats, DashboardStats } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { signInAsAdmin } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const GIB = 1024 ** 3;

function stats(patch: Partial<DashboardStats> = {}): DashboardStats {
  return {
    counts: { pastes: 1234, files: 56, api_keys: 3, storage_configs: 3 },
    storage: [
      {
        id: 'local',
        name: 'Local disk',
        provider_type: 'Local',
        used_bytes: 512 * 1024 ** 2,
        quota_bytes: null,
        file_count: 40,
      },
      {
        id: 'r2',
        name: 'R2 bucket',
        provider_type: 'Cloudflare R2',
        used_bytes: 8.5 * GIB,
        quota_bytes: 10 * GIB,
        file_count: 1,
      },
      {
        id: 'b2',
        name: 'B2 archive',
        provider_type: 'Backblaze B2',
        used_bytes: 2 * GIB,
        quota_bytes: 10 * GIB,
        file_count: 15,
      },
    ],
    daily: [
      { date: '2026-05-21', pastes: 2, files: 0 },
      { date: '2026-05-22', pastes: 0, files: 1 },
      { date: '2026-05-23', pastes: 8, files: 0 },
      { date: '2026-05-24', pastes: 0, files: 0 },
      { date: '2026-05-25', pastes: 0, files: 0 },
      { date: '2026-05-26', pastes: 0, files: 0 },
      { date: '2026-05-27', pastes: 1, files: 4 },
    ],
    ...patch,
  };
}

const pasteCache = (patch: Partial<CacheStats> = {}): CacheStats => ({
  name: 'pastes',
  entries: 3,
  max_entries: 5000,
  hits: 9,
  misses: 3,
  ...patch,
});

async function openDashboard(routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({
    'GET /api/admin/dashboard/stats': () => ok(stats()),
    'GET /api/admin/cache/stats': () => ok([pasteCache()]),
    ...routes,
  });
  const view = renderApp('/admin/dashboard');
  // The admin page is a lazy chunk: the first render in a file may take a while.
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('dashboard', () => {
  it('shows skeletons while loading, then the four totals', async () => {
    await openDashboard();
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    expect(await screen.findByTestId('dashboard-count-pastes')).toHaveTextContent('1,234');
    expect(within(card('Pastes')).getByText('1,234')).toBeInTheDocument();
    expect(within(card('Files')).getByText('56')).toBeInTheDocument();
    expect(within(card('API keys')).getByText('3')).toBeInTheDocument();
    expect(within(card('Storage configurations')).getByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
  });

  it('draws a labelled bar per series and day, scaled to the largest, with a table for screen readers', async () => {
    await openDashboard();
    const chart = await screen.findByRole('group', { name: 'Pastes and files created per day' });
    const bars = within(chart).getAllByRole('img');
    expect(bars).toHaveLength(14);
    expect(within(chart).getByRole('img', { name: 'Thursday, May 21: 2 pastes' })).toBeVisible();
    expect(within(chart).getByRole('img', { name: 'Friday, May 22: 1 file' })).toBeVisible();
    const tallest = within(chart).getByRole('img', { name: 'Saturday, May 23: 8 pastes' });
    expect(tallest).toHaveAttribute('title', 'Saturday, May 23: 8 pastes');
    expect(tallest.style.getPropertyValue('--bar-ratio')).toBe('1');
    const fourFiles = screen.getByTestId('bar-files-2026-05-27');
    expect(fourFiles.style.getPropertyValue('--bar-ratio')).toBe('0.5');
    expect(within(chart).getByRole('img', { name: 'Sunday, May 24: 0 files' })).toBeVisible();

    const table = screen.getByRole('table', {
      name: 'Pastes and files created per day in the last 7 days (UTC)',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[7]).toHaveTextContent('Wednesday, May 2714');
  });

  it('says when nothing was created in the week', async () => {
    const quiet = stats().daily.map((day) => ({ ...day, pastes: 0, files: 0 }));
    await openDashboard({ 'GET /api/admin/dashboard/stats': () => ok(stats({ daily: quiet })) });
    expect(await screen.findByText('Nothing was shared in the last 7 days.')).toBeInTheDocument();
  });

  it('shows storage use against each quota, orange from 80 % and unlimited without a quota', async () => {
    await openDashboard();
    const storage = await screen.findByRole('region', { name: 'Storage use' });
    const nearlyFull = within(storage).getByRole('progressbar', {
      name: 'Space used on R2 bucket',
    });
    expect(nearlyFull).toHaveAttribute('aria-valuenow', '85');
    expect(nearlyFull).toHaveAttribute('aria-valuetext', '8.5 GB of 10 GB used (85%)');
    expect(nearlyFull).toHaveAttribute('data-level', 'warning');
    expect(within(storage).getByText('Filling up')).toBeInTheDocument();
    const roomy = within(storage).getByRole('progressbar', { name: 'Space used on B2 archive' });
    expect(roomy).toHaveAttribute('data-level', 'normal');
    expect(within(storage).getAllByRole('progressbar')).toHaveLength(2);

    const rows = within(storage).getAllByTestId('storage-usage');
    expect(within(rows[0]!).getByText('512 MB used')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Unlimited')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('40 files')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1 file')).toBeInTheDocument();
  });

  it('shows the cache figures and clears the cache after confirming', async () => {
    let entries = 3;
    const { user, fetchMock } = await openDashboard({
      'GET /api/admin/cache/stats': () => ok([pasteCache({ entries })]),
      'POST /api/admin/cache/clear': () => {
        const cleared = entries;
        entries = 0;
        return ok({ cleared });
      },
    });
    const cache = await screen.findByRole('region', { name: 'Server cache' });
    const row = await within(cache).findByTestId('cache-row');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Pastes');
    const cells = () =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells()).toEqual(['3 of 5,000', '9', '3', '75%']);

    await user.click(within(cache).getByRole('button', { name: 'Clear cache' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the cache' });
    expect(requestsTo(fetchMock, 'POST /api/admin/cache/clear')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Clear cache' }));

    expect(await screen.findByText('Cache cleared: 3 entries dropped.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/cache/clear')).toEqual({});
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cells()[0]).toBe('0 of 5,000'));
  });

  it('names each cache in the reader’s language, an unknown one by its own name', async () => {
    await openDashboard({
      'GET /api/admin/cache/stats': () =>
        ok([
          pasteCache(),
          pasteCache({ name: 'api-keys', max_entries: 10_000 }),
          pasteCache({ name: 'future-cache' }),
        ]),
    });
    const cache = await screen.findByRole('region', { name: 'Server cache' });
    await within(cache).findAllByTestId('cache-row');
    expect(
      within(cache)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Pastes', 'API keys', 'future-cache']);
  });

  it('keeps the dialog open with the reason when clearing fails, and cancels without clearing', async () => {
    const { user, fetchMock } = await openDashboard({
      'POST /api/admin/cache/clear': () => fail(403, 'ADMIN_ONLY'),
    });
    const cache = await screen.findByRole('region', { name: 'Server cache' });
    await user.click(within(cache).getByRole('button', { name: 'Clear cache' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the cache' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear cache' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the administrator can do this.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'POST /api/admin/cache/clear')).toHaveLength(1);
  });

  it('names a failed load and retries it', async () => {
    let attempts = 0;
    const { user } = await openDashboard({
      'GET /api/admin/dashboard/stats': () =>
        ++attempts === 1 ? fail(403, 'ADMIN_ONLY') : ok(stats()),
      'GET /api/admin/cache/stats': () => fail(404, 'ROUTE_NOT_FOUND'),
    });
    const alert = await screen.findByRole('alert', {
      name: 'Could not load the dashboard figures.',
    });
    expect(alert).toHaveTextContent('Only the administrator can do this.');
    expect(
      await screen.findByRole('alert', { name: 'Could not load the cache figures.' }),
    ).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-count-pastes')).toHaveTextContent('1,234');
  });

  it('reads both figures again on Refresh', async () => {
    let pastes = 1;
    const { user, fetchMock } = await openDashboard({
      'GET /api/admin/dashboard/stats': () =>
        ok(stats({ counts: { pastes: pastes++, files: 0, api_keys: 0, storage_configs: 1 } })),
    });
    expect(await screen.findByTestId('dashboard-count-pastes')).toHaveTextContent('1');
    await screen.findByTestId('cache-row');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-count-pastes')).toHaveTextContent('2'),
    );
    expect(requestsTo(fetchMock, 'GET /api/admin/cache/stats')).toHaveLength(2);
  });
});

import type { Mount, StorageConfig } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../app/router';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { createAppRenderer } from '../../../test/render-app';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../../test/sessions';

const renderApp = createAppRenderer(appRoutes);
type User = ReturnType<typeof renderApp>['user'];

const HOUR_MS = 60 * 60 * 1000;

function mount(patch: Partial<Mount> = {}): Mount {
  return {
    id: 'm1',
    name: 'Docs',
    mount_path: '/docs',
    storage_config_id: 'c1',
    storage_type: 'LOCAL',
    storage_config_name: 'Team disk',
    remark: null,
    sort_order: 0,
    cache_ttl: 300,
    is_active: true,
    read_only: false,
    created_by: 'admin',
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    last_used: null,
    last_refresh: null,
    ...patch,
  };
}

function storageConfig(patch: Partial<StorageConfig> = {}): StorageConfig {
  return {
    id: 'c1',
    name: 'Team disk',
    provider_type: 'local',
    driver: 'local',
    endpoint_url: null,
    region: null,
    bucket_name: null,
    access_key_id: null,
    has_secret: false,
    path_style: false,
    default_folder: null,
    custom_host: null,
    signature_expires_in: 3600,
    total_storage_bytes: null,
    used_bytes: 0,
    file_count: 0,
    allow_api_keys: true,
    is_default: true,
    root_path: 'storage',
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...patch,
  };
}

const MEDIA = storageConfig({
  id: 'c2',
  name: 'Media bucket',
  provider_type: 'cloudflare_r2',
  driver: 's3',
  is_default: false,
  root_path: null,
});

const PHOTOS = mount({
  id: 'm2',
  name: 'Photos',
  mount_path: '/photos',
  storage_config_id: 'c2',
  storage_type: 'S3',
  storage_config_name: 'Media bucket',
  remark: 'Holiday pictures',
  sort_order: -1,
  cache_ttl: 0,
  is_active: false,
  read_only: true,
});

async function openModule(mounts: Mount[], routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({
    'GET /api/admin/mounts': () => ok(mounts),
    'GET /api/s3-configs': () => ok([storageConfig(), MEDIA]),
    ...routes,
  });
  const view = renderApp('/admin/mount-management');
  // The admin page is lazily loaded; the first render in a file waits for its chunk.
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, select, textarea' });

const rowNames = () =>
  screen.getAllByTestId('mount-row').map((row) => row.getAttribute('data-mount-path'));

async function openCreateDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'New mount point' }));
  return screen.findByRole('dialog', { name: 'New mount point' });
}

async function openMenuItem(user: User, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('mount management', () => {
  it('lists every mount in display order with storage, status, cache, last index and order', async () => {
    const refreshed = new Date(Date.now() - 3 * HOUR_MS).toISOString();
    await openModule([
      mount({ last_refresh: refreshed }),
      mount({ id: 'm3', name: 'Archive', mount_path: '/archive', cache_ttl: 3600 }),
      PHOTOS,
    ]);
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    const table = await screen.findByRole('table', { name: 'Mount points' });
    // sort_order first (-1 before 0), then the path (/archive before /docs).
    expect(rowNames()).toEqual(['/photos', '/archive', '/docs']);

    const [photos, archive, docs] = screen.getAllByTestId('mount-row').map((row) => within(row));
    expect(photos!.getByText('Photos')).toBeInTheDocument();
    expect(photos!.getByText('Holiday pictures')).toBeInTheDocument();
    expect(photos!.getByText('/photos')).toBeInTheDocument();
    expect(photos!.getByText('S3')).toBeInTheDocument();
    expect(photos!.getByText('Media bucket')).toBeInTheDocument();
    expect(photos!.getByText('Inactive')).toBeInTheDocument();
    expect(photos!.getByText('Read-only')).toBeInTheDocument();
    expect(photos!.getByText('No cache')).toBeInTheDocument();
    expect(photos!.getByText('Never')).toBeInTheDocument();
    expect(photos!.getByText('-1')).toBeInTheDocument();

    expect(archive!.getByText('1 hr')).toBeInTheDocument();
    expect(docs!.getByText('Local')).toBeInTheDocument();
    expect(docs!.getByText('Team disk')).toBeInTheDocument();
    expect(docs!.getByText('Active')).toBeInTheDocument();
    expect(docs!.getByText('Read and write')).toBeInTheDocument();
    expect(docs!.getByText('5 min')).toBeInTheDocument();
    expect(docs!.getByText('3 hours ago')).toHaveAttribute('datetime', refreshed);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Name',
      'Mount path',
      'Storage',
      'Status',
      'Cache',
      'Last indexed',
      'Order',
      'Actions',
    ]);
  });

  it('filters by name, path or remark as the search is typed', async () => {
    const { user } = await openModule([
      mount(),
      PHOTOS,
      mount({ id: 'm3', name: 'Team', mount_path: '/team/shared' }),
    ]);
    await screen.findByRole('table', { name: 'Mount points' });
    const search = screen.getByRole('searchbox', { name: 'Search mount points' });
    await user.type(search, 'holiday');
    expect(rowNames()).toEqual(['/photos']);
    await user.clear(search);
    await user.type(search, '/TEAM');
    expect(rowNames()).toEqual(['/team/shared']);
    await user.type(search, 'x');
    expect(screen.getByText('No mount point matches “/TEAMx”')).toBeInTheDocument();
    expect(screen.queryByTestId('mount-row')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(rowNames()).toEqual(['/photos', '/docs', '/team/shared']);
  });

  it('offers to create the first mount from the empty state', async () => {
    const { user } = await openModule([]);
    expect(await screen.findByText('No mount points yet')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await openCreateDialog(user);
    expect(field('Name')).toHaveFocus();
  });

  it('says why the list could not load and loads it again', async () => {
    let attempts = 0;
    const { user } = await openModule([], {
      'GET /api/admin/mounts': () => (++attempts === 1 ? fail(403, 'ADMIN_ONLY') : ok([mount()])),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the mount points.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('mount-row')).toBeInTheDocument();
  });

  it('checks the mount path as it is typed and refuses to send a bad one', async () => {
    const { user, fetchMock } = await openModule([mount()]);
    const dialog = await openCreateDialog(user);
    // No message before anything is typed.
    expect(field('Mount path')).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Mount path'), 'docs');
    expect(within(dialog).getByText('The path must start with /.')).toBeInTheDocument();
    await user.clear(field('Mount path'));
    await user.type(field('Mount path'), '/api/x');
    expect(
      within(dialog).getByText('/api is reserved by the system. Choose another path.'),
    ).toBeInTheDocument();
    expect(field('Mount path')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Mount path'), '/');
    expect(within(dialog).getByText('The path must not end with /.')).toBeInTheDocument();

    await user.type(field('Name'), 'API');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount point' }));
    expect(within(dialog).getByText('The path must not end with /.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New mount point' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/mounts')).toHaveLength(0);
  });

  it('creates a mount on the default storage with the defaults of SPEC §3', async () => {
    const mounts = [mount()];
    const { user, fetchMock } = await openModule([], {
      'GET /api/admin/mounts': () => ok(mounts),
      'POST /api/admin/mounts': ({ body }) => {
        const created = mount({ ...(body as Partial<Mount>), id: 'm9' });
        mounts.push(created);
        return ok(created, 201);
      },
    });
    const dialog = await openCreateDialog(user);
    await waitFor(() => expect(field('Storage')).toHaveValue('c1'));
    expect(field('Cache time in seconds')).toHaveValue('300');
    expect(screen.getByRole('switch', { name: /^Active/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Read-only/ })).not.toBeChecked();
    await user.type(field('Name'), 'Reports');
    await user.type(field('Mount path'), '/报告/2030');
    await user.selectOptions(field('Storage'), 'c2');
    await user.type(field('Remark'), 'For the board');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Created “Reports”.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/mounts')).toEqual({
      name: 'Reports',
      mount_path: '/报告/2030',
      storage_config_id: 'c2',
      remark: 'For the board',
      sort_order: 0,
      cache_ttl: 300,
      is_active: true,
      read_only: false,
    });
    await waitFor(() => expect(rowNames()).toEqual(['/docs', '/报告/2030']));
  });

  it('works from the keyboard: Enter opens and submits the form, Escape closes it', async () => {
    const { user, fetchMock } = await openModule([mount()], {
      'POST /api/admin/mounts': ({ body }) =>
        ok(mount({ ...(body as Partial<Mount>), id: 'm9' }), 201),
    });
    await screen.findByTestId('mount-row');
    screen.getByRole('button', { name: 'New mount point' }).focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'New mount point' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    screen.getByRole('button', { name: 'New mount point' }).focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'New mount point' });
    await waitFor(() => expect(field('Storage')).toHaveValue('c1'));
    expect(field('Name')).toHaveFocus();
    await user.keyboard('Keyboard');
    await user.tab();
    expect(field('Mount path')).toHaveFocus();
    await user.keyboard('/kb{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'POST /api/admin/mounts')).toMatchObject({
      name: 'Keyboard',
      mount_path: '/kb',
    });
  });

  it('puts a duplicate path and other server field errors on their fields', async () => {
    let attempts = 0;
    const { user, fetchMock } = await openModule([mount()], {
      'POST /api/admin/mounts': () =>
        ++attempts === 1
          ? fail(409, 'ALREADY_EXISTS', {
              details: [{ field: 'mount_path', rule: 'unique', message: 'taken' }],
            })
          : fail(400, 'VALIDATION_FAILED', {
              details: [{ field: 'cache_ttl', rule: 'too_big', message: 'too big' }],
            }),
    });
    const dialog = await openCreateDialog(user);
    await waitFor(() => expect(field('Storage')).toHaveValue('c1'));
    await user.type(field('Name'), 'Docs again');
    await user.type(field('Mount path'), '/DOCS');
    await user.click(within(dialog).getByRole('button', { name: 'Create mount point' }));
    expect(
      await within(dialog).findByText(
        'Another mount point already uses this path (capital letters do not count). Choose another path.',
      ),
    ).toBeInTheDocument();
    expect(field('Mount path')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Create mount point' }));
    expect(
      await within(dialog).findByText('This value is too large or too long.'),
    ).toBeInTheDocument();
    expect(field('Cache time in seconds')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/admin/mounts')).toHaveLength(2);
  });

  it('edits a mount sending only the fields that changed', async () => {
    const { user, fetchMock } = await openModule([mount()], {
      'PUT /api/admin/mounts/m1': ({ body }) => ok(mount(body as Partial<Mount>)),
    });
    await openMenuItem(user, 'Docs', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit mount point “Docs”' });
    expect(field('Mount path')).toHaveValue('/docs');
    await user.clear(field('Cache time in seconds'));
    await user.type(field('Cache time in seconds'), '0');
    await user.click(screen.getByRole('switch', { name: /^Read-only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PUT /api/admin/mounts/m1')).toEqual({
      cache_ttl: 0,
      read_only: true,
    });
  });

  it('deactivates and activates a mount with PUT is_active', async () => {
    let mounts = [mount(), PHOTOS];
    const { user, fetchMock } = await openModule([], {
      'GET /api/admin/mounts': () => ok(mounts),
      'PUT /api/admin/mounts/m1': ({ body }) => {
        mounts = [mount(body as Partial<Mount>), PHOTOS];
        return ok(mounts[0]);
      },
      'PUT /api/admin/mounts/m2': ({ body }) => ok({ ...PHOTOS, ...(body as object) }),
    });
    await openMenuItem(user, 'Docs', 'Deactivate');
    expect(
      await screen.findByText('“Docs” is inactive: the explorer no longer shows it.'),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/admin/mounts/m1')).toEqual({ is_active: false });
    const docs = screen.getAllByTestId('mount-row')[1]!;
    expect(await within(docs).findByText('Inactive')).toBeInTheDocument();

    await openMenuItem(user, 'Photos', 'Activate');
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT /api/admin/mounts/m2')).toEqual({ is_active: true }),
    );
  });

  it('links an active mount to the explorer, and only an active one', async () => {
    const { user } = await openModule([mount({ mount_path: '/team/docs' }), PHOTOS]);
    await user.click(await screen.findByRole('button', { name: 'Actions for Docs' }));
    expect(await screen.findByRole('menuitem', { name: 'Open in explorer' })).toHaveAttribute(
      'href',
      '/mount-explorer/team/docs',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for Photos' }));
    await screen.findByRole('menuitem', { name: 'Activate' });
    expect(screen.queryByRole('menuitem', { name: 'Open in explorer' })).not.toBeInTheDocument();
  });

  it('asks for the search index to be refreshed, and says when it failed', async () => {
    let attempts = 0;
    const { user, fetchMock } = await openModule([mount()], {
      'POST /api/admin/mounts/m1/refresh-index': () =>
        ++attempts === 1
          ? ok({ storage_config_id: 'c1', requested_at: '2030-01-01T00:00:00Z' }, 202)
          : fail(404, 'NOT_FOUND'),
    });
    await openMenuItem(user, 'Docs', 'Refresh search index now');
    expect(
      await screen.findByText('The search index of “Docs” will be refreshed within a minute.'),
    ).toBeInTheDocument();
    await openMenuItem(user, 'Docs', 'Refresh search index now');
    expect(
      await screen.findByText('Could not refresh the search index of “Docs”.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/mounts/m1/refresh-index')).toHaveLength(2);
  });

  it('deletes after a confirmation that says the stored files stay', async () => {
    let mounts = [mount(), PHOTOS];
    const { user, fetchMock } = await openModule([], {
      'GET /api/admin/mounts': () => ok(mounts),
      'DELETE /api/admin/mounts/m1': () => {
        mounts = [PHOTOS];
        return ok(null);
      },
    });
    await openMenuItem(user, 'Docs', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete mount point' });
    expect(dialog).toHaveTextContent('Delete the mount point “Docs” at /docs?');
    expect(dialog).toHaveTextContent(
      'The files are not deleted: they stay in the storage “Team disk”. Only the mount point goes away.',
    );
    // Cancel has the focus: Enter never deletes by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo(fetchMock, 'DELETE /api/admin/mounts/m1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete mount point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Deleted “Docs”.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /api/admin/mounts/m1')).toHaveLength(1);
    await waitFor(() => expect(rowNames()).toEqual(['/photos']));
  });

  it('is shown in Chinese too', async () => {
    signInAsAdmin({
      'GET /api/admin/mounts': () => ok([mount()]),
      'GET /api/s3-configs': () => ok([storageConfig()]),
    });
    renderApp('/admin/mount-management', { language: 'zh-CN' });
    const row = await screen.findByTestId('mount-row');
    expect(within(row).getByText('已启用')).toBeInTheDocument();
    expect(within(row).getByText('5分钟')).toBeInTheDocument();
    expect(within(row).getByText('从未')).toBeInTheDocument();
  });

  it('is never shown to an API key, even one with every permission', async () => {
    const fetchMock = signInWithApiKey(keyInfo({ text: true, file: true, mount: true }), {
      'GET /api/admin/mounts': () => ok([mount()]),
    });
    const { router } = renderApp('/admin/mount-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/text-management'));
    expect(screen.queryByRole('link', { name: 'Mount points' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/admin/mounts')).toHaveLength(0);
  });
});

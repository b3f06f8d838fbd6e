import type { ApiKey } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { expectInstantAfter } from '../../../test/instants';
import { signInAsAdmin } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

function apiKey(patch: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'ci-bot',
    key_prefix: 'pp_ab12c',
    text_permission: true,
    file_permission: false,
    mount_permission: true,
    basic_path: '/docs',
    expires_at: null,
    last_used_at: null,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...patch,
  };
}

/** A fake key store: lists what was created; `create` answers POST. */
function keyServer(initial: ApiKey[], routes: FakeRoutes = {}) {
  const keys = [...initial];
  const fetchMock = signInAsAdmin({
    'GET /api/admin/api-keys': () => ok(keys),
    'POST /api/admin/api-keys': ({ body }) => {
      const created = {
        ...apiKey({ id: 'k2', name: (body as ApiKey).name }),
        key: 'pp_FULL_SECRET',
      };
      keys.push(created);
      return ok(created, 201);
    },
    ...routes,
  });
  return fetchMock;
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, select' });

async function openModule(initial: ApiKey[] = [], routes: FakeRoutes = {}) {
  const fetchMock = keyServer(initial, routes);
  const view = renderApp('/admin/key-management');
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

async function openCreateDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New API key' }));
  return screen.findByRole('dialog', { name: 'New API key' });
}

describe('key management', () => {
  it('shows skeletons while loading, then the empty state', async () => {
    await openModule();
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('lists keys with prefix, permission badges, path, expiry and last use', async () => {
    const expired = apiKey({ id: 'k9', name: 'old', expires_at: '2001-01-01T00:00:00Z' });
    await openModule([apiKey(), expired]);
    const rows = await screen.findAllByTestId('api-key-row');
    const first = within(rows[0]!);
    expect(first.getByText('ci-bot')).toBeInTheDocument();
    expect(first.getByText('pp_ab12c…')).toBeInTheDocument();
    expect(first.getByText('Text')).toBeInTheDocument();
    expect(first.getByText('Mounts')).toBeInTheDocument();
    expect(first.queryByText('Files')).not.toBeInTheDocument();
    expect(first.getByText('/docs')).toBeInTheDocument();
    expect(first.getAllByText('Never')).toHaveLength(2);
    expect(within(rows[1]!).getByText('Expired')).toBeInTheDocument();
  });

  it('creates a key and shows it in full once, with copy', async () => {
    const since = Date.now();
    const { user, fetchMock } = await openModule();
    await openCreateDialog(user);
    await user.type(field('Name'), 'deploy');
    await user.selectOptions(field('Expires'), '7d');
    await user.click(screen.getByRole('switch', { name: /Files/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(shown).getByTestId('created-key')).toHaveTextContent('pp_FULL_SECRET');
    expect(within(shown).getByText(/only time the full key is shown/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    // user-event installs its own clipboard, which the copy button writes to.
    expect(await navigator.clipboard.readText()).toBe('pp_FULL_SECRET');
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const body = bodyOf(fetchMock, 'POST /api/admin/api-keys');
    expect(body).toMatchObject({
      name: 'deploy',
      text_permission: true,
      file_permission: true,
      mount_permission: false,
      basic_path: '/',
    });
    expectInstantAfter(body.expires_at, 7 * 86_400_000, since);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('pp_FULL_SECRET')).not.toBeInTheDocument();
    expect(await screen.findByText('deploy')).toBeInTheDocument();
  });

  it('validates a custom key live and shows a taken key on the field', async () => {
    const { user } = await openModule([], {
      'POST /api/admin/api-keys': () => fail(409, 'ALREADY_EXISTS'),
    });
    await openCreateDialog(user);
    await user.type(field('Name'), 'mine');
    await user.click(screen.getByRole('switch', { name: 'Choose the key myself' }));
    await user.type(field('Custom key'), 'abc');
    expect(screen.getByText('At least 16 characters.')).toBeInTheDocument();
    await user.type(field('Custom key'), ' def');
    expect(screen.getByText('Only letters, digits, _ and - are allowed.')).toBeInTheDocument();
    await user.clear(field('Custom key'));
    await user.type(field('Custom key'), 'my_team-key_0000');
    expect(screen.queryByText(/At least 16|Only letters/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('This key is already in use. Choose another.')).toBeVisible();
    expect(field('Custom key')).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires the days of a custom expiry and a name before sending', async () => {
    const { user, fetchMock } = await openModule();
    await openCreateDialog(user);
    await user.selectOptions(field('Expires'), 'custom');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Enter the number of days.')).toBeInTheDocument();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/api-keys')).toHaveLength(0);
  });

  it('puts server validation errors on their fields', async () => {
    const details = [{ field: 'basic_path', rule: 'invalid_format', message: 'bad path' }];
    const { user } = await openModule([], {
      'POST /api/admin/api-keys': () => fail(400, 'VALIDATION_FAILED', { details }),
    });
    await openCreateDialog(user);
    await user.type(field('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('This value has the wrong format.')).toBeInTheDocument();
    expect(field('Basic path')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a key, keeping its expiry unless another is picked', async () => {
    const { user, fetchMock } = await openModule([apiKey()], {
      'PUT /api/admin/api-keys/k1': ({ body }) => ok({ ...apiKey(), ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for ci-bot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key “ci-bot”' });
    expect(within(dialog).queryByText('Custom key')).not.toBeInTheDocument();
    expect(field('Basic path')).toHaveValue('/docs');
    await user.clear(field('Name'));
    await user.type(field('Name'), 'ci-renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = bodyOf(fetchMock, 'PUT /api/admin/api-keys/k1');
    expect(body).toMatchObject({ name: 'ci-renamed', basic_path: '/docs', mount_permission: true });
    expect(body).not.toHaveProperty('expires_at');
  });

  it('deletes a key after a confirmation that names it', async () => {
    const { user, fetchMock } = await openModule([apiKey()], {
      'DELETE /api/admin/api-keys/k1': () => ok({}),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for ci-bot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete API key' });
    expect(dialog).toHaveTextContent('Delete the API key “ci-bot”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete key' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'DELETE /api/admin/api-keys/k1')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why the list failed and offers a retry', async () => {
    await openModule([], { 'GET /api/admin/api-keys': () => fail(403, 'ADMIN_ONLY') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the administrator can do this.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

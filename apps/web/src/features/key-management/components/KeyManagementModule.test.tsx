import type { ApiKey } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { expectInstantAfter } from '../../../test/instants';
import { signInAsAdmin } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';
import { pretendPhone } from '../../../test/kits/managed-list-kit';
import { copyAndExpect, webDavAddressField, webDavRootHere } from '../../../test/kits/webdav-kit';

const renderApp = createAppRenderer(appRoutes);

function apiKey(patch: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'ci-bot',
    key_prefix: 'pp_ab12c',
    text_permission: true,
    file_permission: false,
    mount_permission: true,
    mount_read_only: false,
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

async function openModule(
  initial: ApiKey[] = [],
  routes: FakeRoutes = {},
  language: 'en' | 'zh-CN' = 'en',
) {
  const fetchMock = keyServer(initial, routes);
  const view = renderApp('/admin/key-management', { language });
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
    expect(first.getByText('Mounts · read-write')).toBeInTheDocument();
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
      mount_read_only: false,
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

  it('offers three mount levels and sends the chosen one as the two mount fields', async () => {
    const { user, fetchMock } = await openModule();
    const dialog = await openCreateDialog(user);
    const levels = within(dialog).getByRole('radiogroup', { name: /^Mounts/ });
    expect(within(levels).getAllByRole('radio')).toHaveLength(3);
    expect(within(levels).getByRole('radio', { name: 'None' })).toBeChecked();
    await user.type(field('Name'), 'reader');
    await user.click(within(levels).getByRole('radio', { name: 'Read-only' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    expect(bodyOf(fetchMock, 'POST /api/admin/api-keys')).toMatchObject({
      name: 'reader',
      mount_permission: true,
      mount_read_only: true,
    });
  });

  it('shows a read-only key as such, and edits its level down to none', async () => {
    const reader = apiKey({ mount_read_only: true });
    const { user, fetchMock } = await openModule([reader], {
      'PUT /api/admin/api-keys/k1': ({ body }) => ok({ ...reader, ...(body as object) }),
    });
    const row = (await screen.findAllByTestId('api-key-row'))[0]!;
    expect(within(row).getByText('Mounts · read-only')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for ci-bot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key “ci-bot”' });
    expect(within(dialog).getByRole('radio', { name: 'Read-only' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PUT /api/admin/api-keys/k1')).toMatchObject({
      mount_permission: false,
      mount_read_only: false,
    });
  });

  it('names the mount levels in Chinese', async () => {
    const { user } = await openModule(
      [apiKey({ mount_read_only: true }), apiKey({ id: 'k2', name: 'writer' })],
      {},
      'zh-CN',
    );
    const rows = await screen.findAllByTestId('api-key-row');
    expect(within(rows[0]!).getByText('挂载 · 只读')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('挂载 · 读写')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '新建 API 密钥' }));
    const dialog = await screen.findByRole('dialog', { name: '新建 API 密钥' });
    for (const name of ['无', '只读', '读写']) {
      expect(within(dialog).getByRole('radio', { name })).toBeInTheDocument();
    }
  });

  it('puts a refused mount level on the mount choice', async () => {
    const details = [
      { field: 'mount_read_only', rule: 'requires_mount_permission', message: 'needs mount' },
    ];
    const { user } = await openModule([], {
      'POST /api/admin/api-keys': () => fail(400, 'VALIDATION_FAILED', { details }),
    });
    const dialog = await openCreateDialog(user);
    await user.type(field('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    // The group's error sits in its wrapper, under the choices.
    const levels = within(dialog).getByRole('radiogroup', { name: /^Mounts/ });
    expect(
      await within(levels.parentElement!).findByText('This value was not accepted.'),
    ).toBeInTheDocument();
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

describe('WebDAV sign-in of a key', () => {
  const encodedDocs = '%E5%9B%A2%E9%98%9F%20%E6%96%87%E4%BB%B6/a%20b/';
  const mountKey = apiKey({ basic_path: '/团队 文件/a b' });
  const textKey = apiKey({ id: 'k2', name: 'texter', mount_permission: false });

  async function expectWebDavOnlyForMountKeys(user: ReturnType<typeof renderApp>['user']) {
    const [mounted, texter] = await screen.findAllByTestId('api-key-row');
    const address = `${webDavRootHere()}${encodedDocs}`;
    expect(within(mounted!).getByText(address)).toBeInTheDocument();
    expect(
      within(mounted!).getByText('User ci-bot · the password is the key itself'),
    ).toBeInTheDocument();
    await copyAndExpect(
      user,
      within(mounted!).getByRole('button', { name: 'Copy the WebDAV address of “ci-bot”' }),
      address,
    );
    expect(within(texter!).queryByTestId('key-webdav')).not.toBeInTheDocument();
    expect(within(texter!).queryByText(/\/dav\//)).not.toBeInTheDocument();
    expect(within(texter!).queryByText(/the password is the key/)).not.toBeInTheDocument();
  }

  it('shows the user name and the address of the basic path, only for mount keys', async () => {
    const { user } = await openModule([mountKey, textKey]);
    await expectWebDavOnlyForMountKeys(user);
    expect(screen.getByRole('columnheader', { name: 'WebDAV' })).toBeInTheDocument();
  });

  it('shows them on the phone cards too', async () => {
    pretendPhone();
    const { user } = await openModule([mountKey, textKey]);
    expect(await screen.findByRole('list', { name: 'API keys' })).toBeInTheDocument();
    await expectWebDavOnlyForMountKeys(user);
  });

  it('explains connecting from the row menu of a mount key', async () => {
    const { user } = await openModule([apiKey({ mount_read_only: true }), textKey]);
    await user.click(await screen.findByRole('button', { name: 'Actions for texter' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Connect with WebDAV' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for ci-bot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Connect with WebDAV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect “ci-bot” with WebDAV' });
    expect(await webDavAddressField(dialog)).toHaveValue(`${webDavRootHere()}docs/`);
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveValue('ci-bot');
    expect(within(dialog).getByText(/the API key itself/)).toBeInTheDocument();
    expect(within(dialog).getByText(/can only read/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the WebDAV sign-in in Chinese', async () => {
    await openModule([apiKey()], {}, 'zh-CN');
    const [row] = await screen.findAllByTestId('api-key-row');
    expect(within(row!).getByText('用户名 ci-bot · 密码为密钥本身')).toBeInTheDocument();
    expect(
      within(row!).getByRole('button', { name: '复制“ci-bot”的 WebDAV 地址' }),
    ).toBeInTheDocument();
  });
});

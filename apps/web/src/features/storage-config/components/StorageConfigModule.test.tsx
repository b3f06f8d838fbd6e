import { corsRuleFor, type StorageConfig, type StorageTestResult } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { signInAsAdmin } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const GB = 1024 ** 3;

function storageConfig(patch: Partial<StorageConfig> = {}): StorageConfig {
  return {
    id: 'c1',
    name: 'Local disk',
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

const R2 = storageConfig({
  id: 'c2',
  name: 'Media',
  provider_type: 'cloudflare_r2',
  driver: 's3',
  endpoint_url: 'https://acc.r2.cloudflarestorage.com',
  region: 'auto',
  bucket_name: 'media',
  access_key_id: 'AKID',
  has_secret: true,
  total_storage_bytes: 10 * GB,
  used_bytes: 9 * GB,
  file_count: 3,
  allow_api_keys: false,
  is_default: false,
  root_path: null,
});

function check(status: 'ok' | 'failed' | 'skipped', reason: string, detail: string | null = null) {
  return { status, reason, message: 'English words', fix: null, detail };
}

async function openModule(configs: StorageConfig[], routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin({ 'GET /api/s3-configs': () => ok(configs), ...routes });
  const view = renderApp('/admin/storage-config');
  // The admin page is lazily loaded; the first render in a file waits for its chunk.
  await screen.findByTestId('page-title');
  return { ...view, fetchMock };
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, select' });
const queryField = (label: string) =>
  screen.queryByLabelText(new RegExp(`^${label}`), { selector: 'input, select' });

/** Types into a field in one go (pasting), which keeps these long forms fast in jsdom. */
async function fill(user: ReturnType<typeof renderApp>['user'], label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function openCreateDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New storage' }));
  return screen.findByRole('dialog', { name: 'New storage' });
}

async function openMenuItem(
  user: ReturnType<typeof renderApp>['user'],
  name: string,
  item: string,
) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

// Filling these long forms key by key takes a while in jsdom.
describe('storage config module', () => {
  it('shows skeletons, then a card per config with provider, place and usage', async () => {
    await openModule([storageConfig(), R2]);
    expect(screen.getAllByRole('status', { name: 'Loading…' }).length).toBeGreaterThan(0);
    const local = await screen.findByRole('article', { name: 'Local disk' });
    expect(within(local).getByText('Default')).toBeInTheDocument();
    expect(within(local).getByText('storage')).toBeInTheDocument();
    expect(within(local).getByText('0 B used, no limit')).toBeInTheDocument();
    const media = screen.getByRole('article', { name: 'Media' });
    expect(within(media).getByText('Cloudflare R2')).toBeInTheDocument();
    expect(within(media).getByText('media')).toBeInTheDocument();
    expect(within(media).getByText('9 GB of 10 GB used')).toBeInTheDocument();
    expect(within(media).getByText('3 files')).toBeInTheDocument();
    expect(within(media).getByText('Not open to API keys')).toBeInTheDocument();
    expect(within(media).getByRole('progressbar', { name: 'Space used on Media' })).toHaveAttribute(
      'aria-valuenow',
      '90',
    );
  });

  it('shows the fields of the chosen provider', async () => {
    const { user } = await openModule([storageConfig()]);
    await openCreateDialog(user);
    expect(field('Endpoint URL')).toBeRequired();
    expect(field('Region')).toHaveAttribute('placeholder', 'auto');
    expect(field('Bucket name')).toBeInTheDocument();
    expect(queryField('Folder on disk')).not.toBeInTheDocument();

    await user.selectOptions(field('Provider'), 'aws_s3');
    expect(field('Endpoint URL')).not.toBeRequired();
    expect(screen.getByText(/Leave empty for Amazon S3/)).toBeInTheDocument();

    await user.selectOptions(field('Provider'), 'other_s3');
    expect(screen.getByRole('switch', { name: /Path-style URLs/ })).toBeChecked();

    await user.selectOptions(field('Provider'), 'backblaze_b2');
    expect(field('Region')).toBeRequired();
    await fill(user, 'Endpoint URL', 'https://s3.us-west-004.backblazeb2.com');
    expect(field('Region')).toHaveAttribute('placeholder', 'us-west-004');

    await user.selectOptions(field('Provider'), 'local');
    expect(field('Folder on disk')).toBeRequired();
    for (const label of [
      'Endpoint URL',
      'Region',
      'Bucket name',
      'Access key ID',
      'Secret access key',
    ]) {
      expect(queryField(label)).not.toBeInTheDocument();
    }
  });

  it('explains what is missing before sending anything', async () => {
    const { user, fetchMock } = await openModule([storageConfig()]);
    const dialog = await openCreateDialog(user);
    await fill(user, 'Capacity limit', '-3');
    await fill(user, 'Custom host', 'cdn.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create storage' }));
    for (const message of [
      'Enter a name.',
      'Enter this provider’s endpoint URL.',
      'Enter the bucket name.',
      'Enter the access key ID.',
      'Enter the secret access key.',
      'Enter a full address starting with https:// or http://.',
      'Enter a size greater than 0, or leave it empty for no limit.',
    ]) {
      expect(within(dialog).getByText(message)).toBeInTheDocument();
    }
    expect(field('Bucket name')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/s3-configs')).toHaveLength(0);
  });

  it('creates an S3 config with the quota in bytes and only its provider’s fields', async () => {
    const { user, fetchMock } = await openModule([storageConfig()], {
      'POST /api/s3-configs': ({ body }) => ok({ ...R2, ...(body as object), id: 'c9' }, 201),
    });
    const dialog = await openCreateDialog(user);
    await fill(user, 'Name', 'Media');
    await fill(user, 'Endpoint URL', 'https://acc.r2.cloudflarestorage.com');
    await fill(user, 'Bucket name', 'media');
    await fill(user, 'Access key ID', 'AKID');
    await fill(user, 'Secret access key', 's3cret');
    await fill(user, 'Default folder', 'share/');
    await fill(user, 'Capacity limit', '2');
    await user.click(screen.getByRole('switch', { name: /API keys may upload here/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create storage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Created “Media”.')).toBeInTheDocument();

    const body = bodyOf(fetchMock, 'POST /api/s3-configs');
    expect(body).toEqual({
      name: 'Media',
      provider_type: 'cloudflare_r2',
      endpoint_url: 'https://acc.r2.cloudflarestorage.com',
      region: null,
      bucket_name: 'media',
      access_key_id: 'AKID',
      secret_access_key: 's3cret',
      path_style: false,
      default_folder: 'share/',
      custom_host: null,
      signature_expires_in: 3600,
      total_storage_bytes: 2 * GB,
      allow_api_keys: true,
      is_default: false,
    });
  });

  it('edits a config keeping its stored secret, and puts server errors on their fields', async () => {
    const details = [{ field: 'default_folder', rule: 'custom', message: 'bad folder' }];
    let attempts = 0;
    const { user, fetchMock } = await openModule([storageConfig(), R2], {
      'PUT /api/s3-configs/c2': ({ body }) =>
        ++attempts === 1
          ? fail(400, 'VALIDATION_FAILED', { details })
          : ok({ ...R2, ...(body as object) }),
    });
    await openMenuItem(user, 'Media', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit storage “Media”' });
    expect(within(dialog).getByText('Stored — leave empty to keep it.')).toBeInTheDocument();
    expect(field('Secret access key')).toHaveValue('');
    expect(field('Secret access key')).not.toBeRequired();
    expect(field('Capacity limit')).toHaveValue('10');
    expect(field('Unit')).toHaveValue('GB');

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This value was not accepted.')).toBeInTheDocument();
    expect(field('Default folder')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('Name'));
    await fill(user, 'Name', 'Media files');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = requestsTo(fetchMock, 'PUT /api/s3-configs/c2')[1]?.[1]?.body;
    const sent = JSON.parse(typeof body === 'string' ? body : '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: 'Media files',
      bucket_name: 'media',
      total_storage_bytes: 10 * GB,
    });
    expect(sent).not.toHaveProperty('secret_access_key');
    expect(sent).not.toHaveProperty('is_default');
  });

  it('runs the test and explains each check, with the CORS rule to paste', async () => {
    const result: StorageTestResult = {
      ok: false,
      origin: 'https://paste.example.com',
      checks: {
        write: check('ok', 'ok'),
        read: check('ok', 'ok'),
        delete: check('failed', 'access_denied', 'AccessDenied: Access Denied'),
        cors: check('failed', 'cors_missing', 'preflight answered 403'),
      } as StorageTestResult['checks'],
      cors_rule: corsRuleFor('https://paste.example.com'),
      tested_at: '2030-01-01T00:00:00Z',
    };
    const { user, fetchMock } = await openModule([storageConfig(), R2], {
      'POST /api/s3-configs/c2/test': () => ok(result),
    });
    const media = await screen.findByRole('article', { name: 'Media' });
    await user.click(within(media).getByRole('button', { name: 'Test connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test “Media”' });
    expect(
      await within(dialog).findByText('Some checks failed. Each one says what to change.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('https://paste.example.com');

    const write = within(dialog).getByTestId('storage-check-write');
    expect(write).toHaveTextContent('Passed');
    expect(write).toHaveTextContent('Saved a small test file.');
    const remove = within(dialog).getByTestId('storage-check-delete');
    expect(remove).toHaveTextContent('Failed');
    expect(remove).toHaveTextContent('s3:DeleteObject');
    expect(remove).toHaveTextContent('AccessDenied: Access Denied');
    const cors = within(dialog).getByTestId('storage-check-cors');
    expect(cors).toHaveTextContent('does not let browsers on this app upload');
    expect(cors).toHaveTextContent('Add the CORS rule below');
    expect(within(dialog).getByTestId('cors-rule')).toHaveTextContent('"ExposeHeaders"');
    await user.click(within(dialog).getByRole('button', { name: 'Copy rule' }));
    expect(await navigator.clipboard.readText()).toBe(result.cors_rule);

    await user.click(within(dialog).getByRole('button', { name: 'Test again' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /api/s3-configs/c2/test')).toHaveLength(2),
    );
  });

  it('shows a passed local test with CORS skipped, in Chinese too', async () => {
    const result: StorageTestResult = {
      ok: true,
      origin: 'http://localhost',
      checks: {
        write: check('ok', 'ok'),
        read: check('ok', 'ok'),
        delete: check('ok', 'ok'),
        cors: check('skipped', 'cors_not_needed'),
      } as StorageTestResult['checks'],
      cors_rule: null,
      tested_at: '2030-01-01T00:00:00Z',
    };
    signInAsAdmin({
      'GET /api/s3-configs': () => ok([storageConfig()]),
      'POST /api/s3-configs/c1/test': () => ok(result),
    });
    const { user } = renderApp('/admin/storage-config', { language: 'zh-CN' });
    // The built-in local disk is named in the reader's language, not by its stored English name.
    expect(await screen.findByRole('article', { name: '本地磁盘' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '测试连接' }));
    const dialog = await screen.findByRole('dialog', { name: '测试“本地磁盘”' });
    expect(await within(dialog).findByText('一切正常。')).toBeInTheDocument();
    expect(within(dialog).getByTestId('storage-check-cors')).toHaveTextContent('跳过');
    expect(within(dialog).queryByTestId('cors-rule')).not.toBeInTheDocument();
  });

  it('says how many files still use a config when the delete is refused', async () => {
    let configs = [storageConfig(), { ...R2, file_count: 1 }];
    const { user } = await openModule([], {
      'GET /api/s3-configs': () => ok(configs),
      'DELETE /api/s3-configs/c2': () => {
        configs = [storageConfig(), { ...R2, file_count: 3 }];
        return fail(409, 'CONFLICT', {
          details: [{ field: 'id', rule: 'in_use', message: 'still used by 3 files' }],
        });
      },
    });
    await openMenuItem(user, 'Media', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete storage' });
    expect(dialog).toHaveTextContent('Delete the storage configuration “Media”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    expect(
      await within(dialog).findByText(
        '“Media” is still used by 3 files. Delete those files first, then delete the storage.',
      ),
    ).toBeInTheDocument();
  });

  it('says that mount points still show a config when the delete is refused', async () => {
    const { user } = await openModule([storageConfig(), R2], {
      'DELETE /api/s3-configs/c2': () =>
        fail(409, 'CONFLICT', {
          details: [{ field: 'id', rule: 'mounted', message: 'still mounted by 2 mount points' }],
        }),
    });
    await openMenuItem(user, 'Media', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete storage' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    expect(
      await within(dialog).findByText(
        '“Media” is shown by mount points. Delete those mount points, or move them to another storage, first.',
      ),
    ).toBeInTheDocument();
  });

  it('explains that the default cannot be deleted, and makes another config the default', async () => {
    const { user, fetchMock } = await openModule([storageConfig(), R2], {
      'DELETE /api/s3-configs/c1': () =>
        fail(409, 'CONFLICT', {
          details: [{ field: 'id', rule: 'is_default', message: 'default' }],
        }),
      'PUT /api/s3-configs/c2/set-default': () => ok({ ...R2, is_default: true }),
    });
    await openMenuItem(user, 'Local disk', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete storage' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete storage' }));
    expect(
      await within(dialog).findByText(
        '“Local disk” is the default storage. Make another storage the default first.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Local disk' }));
    expect(screen.queryByRole('menuitem', { name: 'Make default' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await openMenuItem(user, 'Media', 'Make default');
    expect(await screen.findByText('“Media” is now the default storage.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/s3-configs/c2/set-default')).toHaveLength(1);
  });
});

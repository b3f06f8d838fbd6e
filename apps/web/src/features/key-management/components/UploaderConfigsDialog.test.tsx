import type { ApiKey } from '@pasteport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../../app/router';
import { ok } from '../../../test/fake-server';
import { createAppRenderer } from '../../../test/render-app';
import { signInAsAdmin } from '../../../test/sessions';
import { pastedKeyProblem } from '../uploader-key';

const renderApp = createAppRenderer(appRoutes);

const FULL_KEY = 'pp_ab12cDEFghi_jkl-MNOpqr';

function apiKey(patch: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'k1',
    name: 'desk',
    key_prefix: 'pp_ab12c',
    text_permission: true,
    file_permission: true,
    mount_permission: false,
    mount_read_only: false,
    basic_path: '/',
    expires_at: null,
    last_used_at: null,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...patch,
  };
}

interface Download {
  name: string;
  blob: Blob;
}
let downloads: Download[] = [];

beforeEach(() => {
  downloads = [];
  const blobs: Blob[] = [];
  // jsdom has no object URLs and does not navigate on download links: record both instead.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const index = Number(this.href.split('/').pop()) - 1;
    downloads.push({ name: this.download, blob: blobs[index] as Blob });
  });
});
afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no download'));
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

async function openFromRow(key: ApiKey = apiKey(), language: 'en' | 'zh-CN' = 'en') {
  signInAsAdmin({ 'GET /api/admin/api-keys': () => ok([key]) });
  const view = renderApp('/admin/key-management', { language });
  await screen.findByTestId('page-title');
  return view;
}

describe('the pasted key check', () => {
  it('wants a server-acceptable key, longer than the prefix and starting with it', () => {
    expect(pastedKeyProblem('', 'pp_ab12c')).toBe('required');
    expect(pastedKeyProblem('   ', 'pp_ab12c')).toBe('required');
    expect(pastedKeyProblem('pp_ab12c"x', 'pp_ab12c')).toBe('pattern');
    expect(pastedKeyProblem('pp_ab12c\nrest', 'pp_ab12c')).toBe('pattern');
    expect(pastedKeyProblem('pp_ab12c', 'pp_ab12c')).toBe('short');
    expect(pastedKeyProblem('zz_ab12cDEFghi', 'pp_ab12c')).toBe('prefix');
    expect(pastedKeyProblem(` ${FULL_KEY}\n`, 'pp_ab12c')).toBeUndefined();
  });
});

describe('uploader configs', () => {
  it('from a row: asks for the key, refuses another key, then previews and downloads', async () => {
    const { user } = await openFromRow();
    await user.click(await screen.findByRole('button', { name: 'Actions for desk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Uploader configs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uploader configs for “desk”' });
    const keyField = within(dialog).getByLabelText('Full key');
    expect(keyField).toHaveFocus();
    expect(within(dialog).queryByTestId('uploader-config-preview')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();

    await user.type(keyField, 'zz_otherKEY_123456');
    expect(
      within(dialog).getByText('This is not the key “desk”: that one starts with pp_ab12c.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByTestId('uploader-config-preview')).not.toBeInTheDocument();

    await user.clear(keyField);
    await user.type(keyField, FULL_KEY);
    const preview = within(dialog).getByTestId('uploader-config-preview');
    const sxcu = JSON.parse(preview.textContent ?? '') as Record<string, unknown>;
    expect(sxcu).toMatchObject({
      DestinationType: 'ImageUploader, FileUploader',
      // The API in the tests is same-origin: the server is this page's origin.
      RequestURL: `${window.location.origin}/api/upload`,
      Headers: { Authorization: `ApiKey ${FULL_KEY}` },
    });

    await user.click(
      within(dialog).getByRole('button', { name: 'Download pasteport-desk-files.sxcu' }),
    );
    expect(downloads.map((d) => d.name)).toEqual(['pasteport-desk-files.sxcu']);
    expect(JSON.parse(await readText(downloads[0]?.blob))).toEqual(sxcu);

    await user.selectOptions(within(dialog).getByLabelText('Uploader'), 'flameshot');
    await user.click(within(dialog).getByRole('button', { name: 'Download pasteport-upload.sh' }));
    expect(downloads.map((d) => d.name)).toEqual([
      'pasteport-desk-files.sxcu',
      'pasteport-upload.sh',
    ]);
    const script = await readText(downloads[1]?.blob);
    expect(script).toMatch(/^#!\/usr\/bin\/env bash\n/);
    expect(script).toContain(`PASTEPORT_API_KEY='${FULL_KEY}'`);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    // user-event installs its own clipboard, which the copy button writes to.
    expect(await navigator.clipboard.readText()).toBe(script);
  });

  it('right after creating a key: no key to paste, and closing goes back to the key', async () => {
    signInAsAdmin({
      'GET /api/admin/api-keys': () => ok([]),
      'POST /api/admin/api-keys': () =>
        ok({ ...apiKey({ name: 'fresh', file_permission: false }), key: FULL_KEY }, 201),
    });
    const { user } = renderApp('/admin/key-management');
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'fresh');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const created = await screen.findByRole('dialog', { name: 'API key created' });
    await user.click(within(created).getByRole('button', { name: 'Uploader configs' }));

    const dialog = await screen.findByRole('dialog', { name: 'Uploader configs for “fresh”' });
    expect(within(dialog).queryByLabelText('Full key')).not.toBeInTheDocument();
    // Without the Files permission it opens on text, and warns about the file uploaders.
    expect(within(dialog).getByLabelText('Uploader')).toHaveValue('sharex-text');
    expect(within(dialog).getByTestId('uploader-config-preview')).toHaveTextContent(FULL_KEY);
    await user.selectOptions(within(dialog).getByLabelText('Uploader'), 'sharex-file');
    expect(within(dialog).getByText(/This key may not upload files/)).toBeInTheDocument();

    // The footer's Close (the header has its own close button with the same name).
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1]!);
    const again = await screen.findByRole('dialog', { name: 'API key created' });
    expect(within(again).getByTestId('created-key')).toHaveTextContent(FULL_KEY);
  });

  it('speaks Chinese', async () => {
    const { user } = await openFromRow(apiKey(), 'zh-CN');
    await user.click(await screen.findByRole('button', { name: /desk/ }));
    await user.click(await screen.findByRole('menuitem', { name: '上传工具配置' }));
    const dialog = await screen.findByRole('dialog', { name: '“desk”的上传工具配置' });
    await user.type(within(dialog).getByLabelText('完整密钥'), 'pp_ab12c');
    await waitFor(() =>
      expect(within(dialog).getByText('这只是密钥的开头，请粘贴完整密钥。')).toBeInTheDocument(),
    );
  });
});

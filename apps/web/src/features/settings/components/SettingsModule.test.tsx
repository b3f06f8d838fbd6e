import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bodyOf, fail, ok, requestsTo, type FakeRoutes } from '../../../test/fake-server';
import { DEFAULT_SETTINGS, signInAsAdmin } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';
import {
  copyAndExpect,
  openWebDavClient,
  webDavAddressField,
  webDavRootHere,
} from '../../../test/kits/webdav-kit';

const renderApp = createAppRenderer(appRoutes);

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, select' });

async function openSettings(routes: FakeRoutes = {}) {
  const fetchMock = signInAsAdmin(routes);
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'System settings' });
  return { ...view, fetchMock };
}

describe('system settings', () => {
  it('loads the settings and saves the size converted to MB', async () => {
    const { user, fetchMock } = await openSettings({
      'PUT /api/admin/system-settings': ({ body }) =>
        ok({ ...DEFAULT_SETTINGS, ...(body as object) }),
    });
    expect(field('Maximum upload size')).toHaveValue('100');
    expect(screen.getByRole('combobox', { name: 'Unit' })).toHaveValue('MB');
    await user.clear(field('Maximum upload size'));
    await user.type(field('Maximum upload size'), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'GB');
    await user.click(screen.getByRole('radio', { name: 'Multipart' }));
    await user.click(screen.getByRole('switch', { name: 'Allow guests to upload files' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('System settings saved.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/admin/system-settings')).toEqual({
      max_upload_size: 2048,
      webdav_upload_mode: 'multipart',
      webdav_ignore_system_files: true,
      allow_guest_pastes: true,
      allow_guest_uploads: true,
    });
  });

  it('turns ignoring WebDAV system files off and sends it on save', async () => {
    const { user, fetchMock } = await openSettings({
      'PUT /api/admin/system-settings': ({ body }) =>
        ok({ ...DEFAULT_SETTINGS, ...(body as object) }),
    });
    const ignore = screen.getByRole('switch', { name: /^Ignore system files/ });
    expect(ignore).toBeChecked();
    expect(ignore).toHaveAccessibleDescription(/\.DS_Store.*Thumbs\.db/);
    await user.click(ignore);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('System settings saved.')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PUT /api/admin/system-settings')).toMatchObject({
      webdav_ignore_system_files: false,
    });
    expect(screen.getByRole('switch', { name: /^Ignore system files/ })).not.toBeChecked();
  });

  it('shows a refused value of the switch on it', async () => {
    const details = [{ field: 'webdav_ignore_system_files', rule: 'invalid_type', message: 'no' }];
    const { user } = await openSettings({
      'PUT /api/admin/system-settings': () => fail(400, 'VALIDATION_FAILED', { details }),
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This value has the wrong type.')).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: /^Ignore system files/ }),
    ).toHaveAccessibleDescription(/wrong type/);
  });

  it('refuses a size of 0 without asking the server', async () => {
    const { user, fetchMock } = await openSettings();
    await user.clear(field('Maximum upload size'));
    await user.type(field('Maximum upload size'), '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a size greater than 0.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PUT /api/admin/system-settings')).toHaveLength(0);
  });

  it('shows a server validation error on the field it names', async () => {
    const details = [{ field: 'max_upload_size', rule: 'too_big', message: 'too big' }];
    const { user } = await openSettings({
      'PUT /api/admin/system-settings': () => fail(400, 'VALIDATION_FAILED', { details }),
    });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This value is too large or too long.')).toBeInTheDocument();
    expect(field('Maximum upload size')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('WebDAV access', () => {
  it('shows the address beside the API in use, with a copy button and the admin as user', async () => {
    const { user } = await openSettings();
    const section = screen.getByRole('region', { name: 'WebDAV' });
    expect(await webDavAddressField(section)).toHaveValue(webDavRootHere());
    expect(within(section).getByRole('textbox', { name: 'User name' })).toHaveValue('root');
    await copyAndExpect(
      user,
      within(section).getByRole('button', { name: 'Copy the WebDAV address' }),
      webDavRootHere(),
    );
    await openWebDavClient(user, 'rclone');
    expect(
      within(section).getByText(
        /^rclone config create pasteport webdav url=\S+\/dav\/ vendor=other user=root /,
      ),
    ).toBeVisible();
  });

  it('follows an API on another host named in config.js', async () => {
    window.__PASTEPORT_CONFIG__ = { apiBaseUrl: 'https://files.example.com' };
    onTestFinished(() => {
      delete window.__PASTEPORT_CONFIG__;
    });
    await openSettings();
    expect(await webDavAddressField(screen.getByRole('region', { name: 'WebDAV' }))).toHaveValue(
      'https://files.example.com/dav/',
    );
  });
});

describe('change sign-in details', () => {
  it('changes the password and says other sessions were signed out', async () => {
    const { user, fetchMock } = await openSettings({
      'POST /api/admin/change-password': () => ok({ username: 'boss', revoked_sessions: 3 }),
    });
    await user.type(field('Current password'), 'old-password');
    await user.type(field('New username'), 'boss');
    await user.type(field('New password'), 'new-password');
    await user.type(field('Confirm new password'), 'new-password');
    await user.click(screen.getByRole('button', { name: 'Update sign-in details' }));
    expect(await screen.findByTestId('credentials-success')).toHaveTextContent(
      'Sign-in details updated. Other sessions signed out: 3.',
    );
    expect(bodyOf(fetchMock, 'POST /api/admin/change-password')).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password',
      newUsername: 'boss',
    });
    expect(screen.getByRole('button', { name: 'Signed in as boss' })).toBeInTheDocument();
    expect(localStorage.getItem('pasteport.auth.adminUsername')).toBe('boss');
  });

  it('checks the form before sending', async () => {
    const { user, fetchMock } = await openSettings();
    await user.type(field('New password'), 'new-password');
    await user.type(field('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Update sign-in details' }));
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/admin/change-password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field and stays signed in', async () => {
    const { user } = await openSettings({
      'POST /api/admin/change-password': () => fail(401, 'CURRENT_PASSWORD_INVALID'),
    });
    await user.type(field('Current password'), 'wrong-password');
    await user.type(field('New username'), 'boss');
    await user.click(screen.getByRole('button', { name: 'Update sign-in details' }));
    expect(await screen.findByText('The current password is wrong.')).toBeInTheDocument();
    await waitFor(() => expect(field('Current password')).toHaveAttribute('aria-invalid', 'true'));
    expect(localStorage.getItem('pasteport.auth.type')).toBe('admin');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Settings');
  });
});

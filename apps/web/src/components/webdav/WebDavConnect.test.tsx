import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { webDavAddress } from '../../lib/webdav-address';
import { createAppRenderer } from '../../test/render-app';
import {
  copyAndExpect,
  openWebDavClient,
  webDavAddressField,
  webDavRootHere,
} from '../../test/kits/webdav-kit';
import { WebDavConnect, type WebDavConnectProps } from './WebDavConnect';

function renderConnect(props: WebDavConnectProps, language: 'en' | 'zh-CN' = 'en') {
  return createAppRenderer([{ path: '*', element: <WebDavConnect {...props} /> }])('/', {
    language,
  });
}

const folder = '/团队 文件/a#b%c+d';
const encoded = '%E5%9B%A2%E9%98%9F%20%E6%96%87%E4%BB%B6/a%23b%25c%2Bd/';

describe('WebDavConnect', () => {
  it('shows the folder address with each name encoded, and copies it', async () => {
    const address = webDavAddress(folder);
    expect(address).toBe(`${webDavRootHere()}${encoded}`);
    const { user } = renderConnect({ address, username: 'root', credential: 'adminPassword' });
    expect(await webDavAddressField()).toHaveValue(address);
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveValue('root');
    expect(screen.getByText("Password: the administrator's password.")).toBeVisible();
    await copyAndExpect(
      user,
      screen.getByRole('button', { name: 'Copy the WebDAV address' }),
      address,
    );
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeVisible();
    await copyAndExpect(user, screen.getByRole('button', { name: 'Copy the user name' }), 'root');
  });

  it('gives each client ready-to-paste instructions for the address and user', async () => {
    const address = 'https://paste.example.com/dav/docs/';
    const { user } = renderConnect({ address, username: 'ci bot', credential: 'apiKey' });
    expect(screen.getByText(/the API key itself/)).toBeVisible();

    await openWebDavClient(user, 'Windows');
    expect(screen.getByText(/Map network drive/)).toBeVisible();
    expect(screen.getByText(/only over HTTPS.*BasicAuthLevel/)).toBeVisible();
    await copyAndExpect(
      user,
      screen.getByRole('button', { name: 'Copy the net use command' }),
      `net use * ${address} /user:"ci bot" *`,
    );

    await openWebDavClient(user, 'macOS');
    expect(screen.getByText(/Go → Connect to Server/)).toBeVisible();

    await openWebDavClient(user, 'Linux');
    expect(screen.getByText(/mount -t davfs/)).toBeVisible();
    expect(screen.getByText('davs://paste.example.com/dav/docs/')).toBeVisible();

    await openWebDavClient(user, 'rclone');
    const rclone =
      `rclone config create pasteport webdav url=${address} vendor=other user='ci bot' ` +
      'pass="$(rclone obscure YOUR_API_KEY)" --no-obscure';
    expect(screen.getByText(rclone)).toBeVisible();
    await copyAndExpect(
      user,
      screen.getByRole('button', { name: 'Copy the rclone command' }),
      rclone,
    );

    await openWebDavClient(user, 'Phones and tablets');
    expect(screen.getByText(/file manager app that supports WebDAV/)).toBeVisible();
  });

  it('warns about Windows and plain HTTP where the address is not HTTPS', async () => {
    const { user } = renderConnect({
      address: 'http://10.0.0.2:8787/dav/',
      username: 'root',
      credential: 'adminPassword',
    });
    await openWebDavClient(user, 'Windows');
    const warning = screen.getByText(/only over HTTPS/);
    expect(warning.closest('.mantine-Alert-root')).not.toBeNull();
  });

  it('speaks Chinese', async () => {
    const { user } = renderConnect(
      { address: webDavRootHere(), username: 'root', credential: 'apiKey' },
      'zh-CN',
    );
    expect(screen.getByRole('textbox', { name: 'WebDAV 地址' })).toHaveValue(webDavRootHere());
    await openWebDavClient(user, 'rclone');
    expect(screen.getByText(/将 你的API密钥 替换为密码/)).toBeVisible();
    expect(screen.getByText(/rclone obscure '你的API密钥'/)).toBeVisible();
    expect(screen.getByRole('button', { name: '手机和平板' })).toBeVisible();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, AUTH_STORAGE_KEYS } from '../../lib/storage';
import { stubServer } from '../../test/fake-server';
import { keyInfo, signInAsAdmin, signInWithApiKey } from '../../test/sessions';
import { appRoutes } from '../router';
import { createAppRenderer } from '../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const STAGING = 'https://staging.example.com/api';

beforeEach(() => {
  window.__PASTEPORT_CONFIG__ = {
    apiHosts: [
      { name: 'Production', url: 'https://api.example.com/api' },
      { name: 'Staging', url: STAGING },
    ],
  };
});
afterEach(() => {
  delete window.__PASTEPORT_CONFIG__;
  localStorage.clear();
});

/** The URLs fetch was called with, in order. */
function calledUrls(fetchMock: ReturnType<typeof stubServer>): string[] {
  return fetchMock.mock.calls.map(([input]) =>
    input instanceof Request ? input.url : input.toString(),
  );
}

describe('the environment switcher', () => {
  it('is shown to an administrator with ?showEnvSwitcher, and picks a host by keyboard', async () => {
    const fetchMock = signInAsAdmin();
    const { user } = renderApp('/?showEnvSwitcher');
    const panel = await screen.findByRole('region', { name: 'API host' });
    expect(within(panel).getByText('This browser uses the API at /api.')).toBeInTheDocument();
    const names = [
      'Default (/api)',
      'Production (https://api.example.com/api)',
      `Staging (${STAGING})`,
      'Another address',
    ];
    expect(within(panel).getAllByRole('radio')).toEqual(
      names.map((name) => within(panel).getByRole('radio', { name })),
    );
    expect(within(panel).getByRole('radio', { name: 'Default (/api)' })).toBeChecked();
    expect(within(panel).getByRole('button', { name: 'Back to default' })).toBeDisabled();

    within(panel).getByRole('radio', { name: 'Default (/api)' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(panel).getByRole('radio', { name: `Staging (${STAGING})` })).toBeChecked();
    within(panel).getByRole('button', { name: 'Switch' }).focus();
    const before = fetchMock.mock.calls.length;
    await user.keyboard('{Enter}');

    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBe(STAGING);
    // The admin's sign-in belongs to the old host: it ends and is never sent to the new one.
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.type)).toBeNull();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(`This browser sends everything to ${STAGING}`);
    expect(screen.queryByRole('region', { name: 'API host' })).not.toBeInTheDocument();
    // Queries are fetched again from the new host, which never sees the old sign-in.
    await waitFor(() =>
      expect(
        calledUrls(fetchMock)
          .slice(before)
          .some((url) => url.startsWith(STAGING)),
      ).toBe(true),
    );
    for (const [input, init] of fetchMock.mock.calls.slice(before)) {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.startsWith(STAGING))
        expect(new Headers(init?.headers).has('authorization')).toBe(false);
    }
  });

  it('validates a custom address and stores it normalised', async () => {
    signInAsAdmin();
    const { user } = renderApp('/admin?showEnvSwitcher');
    const panel = await screen.findByRole('region', { name: 'API host' });
    await user.click(within(panel).getByRole('radio', { name: 'Another address' }));
    const input = within(panel).getByRole('textbox', { name: /API address/ });
    await user.type(input, 'ftp://paste.example.com');
    await user.click(within(panel).getByRole('button', { name: 'Switch' }));
    expect(
      within(panel).getByText('Enter an http:// or https:// address without query or fragment'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBeNull();

    await user.clear(input);
    await user.type(input, 'http://127.0.0.1:9000/');
    await user.click(within(panel).getByRole('button', { name: 'Switch' }));
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBe('http://127.0.0.1:9000/api');
  });

  it('goes back to the default host', async () => {
    localStorage.setItem(STORAGE_KEYS.apiHost, STAGING);
    signInAsAdmin();
    const { user } = renderApp('/?showEnvSwitcher');
    const panel = await screen.findByRole('region', { name: 'API host' });
    expect(within(panel).getByRole('radio', { name: `Staging (${STAGING})` })).toBeChecked();
    expect(within(panel).getByText(`This browser uses the API at ${STAGING}.`)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Back to default' }));
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.type)).toBeNull();
  });

  it.each([
    ['an administrator without the parameter', '/', () => signInAsAdmin()],
    ['a signed-out visitor with the parameter', '/?showEnvSwitcher', () => stubServer({})],
    [
      'an API key with the parameter',
      '/?showEnvSwitcher',
      () => signInWithApiKey(keyInfo({ text: true })),
    ],
  ])('is hidden from %s', async (_who, path, given) => {
    given();
    renderApp(path);
    await screen.findByTestId('page-title');
    expect(screen.queryByRole('region', { name: 'API host' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Another address' })).not.toBeInTheDocument();
  });

  it('tells anyone whose browser uses another host, with the way back', async () => {
    localStorage.setItem(STORAGE_KEYS.apiHost, STAGING);
    stubServer({});
    const { user } = renderApp('/');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Another API host is in use');
    await user.click(within(notice).getByRole('button', { name: 'Back to default' }));
    expect(localStorage.getItem(STORAGE_KEYS.apiHost)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('speaks Chinese', async () => {
    signInAsAdmin();
    renderApp('/?showEnvSwitcher', { language: 'zh-CN' });
    const panel = await screen.findByRole('region', { name: 'API 主机' });
    expect(within(panel).getByRole('radio', { name: '其他地址' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '切换' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '恢复默认' })).toBeDisabled();
  });
});

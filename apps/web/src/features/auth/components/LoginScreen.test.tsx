import type { Language } from '@pasteport/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, fail, ok, stubServer, type FakeRoute } from '../../../test/fake-server';
import { ADMIN, adminServerRoutes, keyInfo } from '../../../test/sessions';
import { appRoutes } from '../../../app/router';
import { createAppRenderer } from '../../../test/render-app';

const renderApp = createAppRenderer(appRoutes);

const loginOk = () => ok({ token: 'tk-1', username: 'root', expires_at: ADMIN.expiresAt });

async function openLogin(language: Language = 'en') {
  const view = renderApp('/admin', { language });
  await screen.findByRole('tab', { name: language === 'en' ? 'API key' : 'API 密钥' });
  return view;
}

async function submitPassword(language: Language, route: FakeRoute) {
  const fetchMock = stubServer({ 'POST /api/admin/login': route, ...adminServerRoutes() });
  const { user } = await openLogin(language);
  const en = language === 'en';
  await user.type(field(en ? 'Username' : '用户名'), 'root');
  await user.type(field(en ? 'Password' : '密码'), 'pw{Enter}');
  return fetchMock;
}

async function submitKey(language: Language, route: FakeRoute) {
  stubServer({ 'GET /api/test/api-key': route });
  const { user } = await openLogin(language);
  await user.click(screen.getByRole('tab', { name: language === 'en' ? 'API key' : 'API 密钥' }));
  await user.type(field(language === 'en' ? 'API key' : 'API 密钥'), 'pp_some_key{Enter}');
}

/** An input by the start of its label (Mantine appends " *" to required labels). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

const alertText = async () => (await screen.findByRole('alert')).textContent;

/**
 * What the page sent besides the header's guest-access lookup (which decides the guest's
 * navigation and may run at any moment): nothing about signing in may be among it.
 */
const signInCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .map(([input]) =>
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    )
    .filter((url) => !url.endsWith('/api/system/guest-access'));

describe('login screen: username and password', () => {
  it('focuses the username, submits with Enter and opens the dashboard', async () => {
    const fetchMock = stubServer({ 'POST /api/admin/login': loginOk, ...adminServerRoutes() });
    const { user } = await openLogin();
    expect(field('Username')).toHaveFocus();
    await user.keyboard('root');
    await user.type(field('Password'), 'secret{Enter}');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Dashboard'));
    expect(bodyOf(fetchMock, 'POST /api/admin/login')).toEqual({
      username: 'root',
      password: 'secret',
    });
    expect(localStorage.getItem('pasteport.auth.adminToken')).toBe('tk-1');
    expect(screen.getByTestId('user-menu')).toHaveAccessibleName('Signed in as root');
  });

  it('asks for both fields before sending anything', async () => {
    const fetchMock = stubServer({});
    const { user } = await openLogin();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter your username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(signInCalls(fetchMock)).toEqual([]);
  });

  it('shows and hides the password', async () => {
    const { user } = await openLogin();
    const password = field('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it.each([
    ['en', () => fail(401, 'INVALID_CREDENTIALS'), 'Invalid username or password.'],
    ['zh-CN', () => fail(401, 'INVALID_CREDENTIALS'), '用户名或密码错误。'],
    ['en', () => fail(400, 'VALIDATION_FAILED'), 'Login failed. Check your details and try again.'],
    ['zh-CN', () => fail(400, 'VALIDATION_FAILED'), '登录失败，请检查后重试。'],
    [
      'en',
      () => ok({ username: 'root', expires_at: ADMIN.expiresAt }),
      'Invalid response from the server: login response missing token.',
    ],
    ['zh-CN', () => ok({ username: 'root' }), '服务器响应无效：登录响应缺少令牌。'],
    [
      'en',
      () => ok({ token: 'tk', username: 42 }),
      'Invalid response from the server. Try again later.',
    ],
    ['zh-CN', () => ok({ token: 'tk' }), '服务器响应无效，请稍后重试。'],
    ['en', () => fail(500, 'INTERNAL'), 'Server error. Try again later.'],
    ['zh-CN', () => fail(502, 'UPSTREAM_FAILED'), '服务器错误，请稍后重试。'],
    [
      'en',
      () => fail(429, 'RATE_LIMITED', { headers: { 'retry-after': '840' } }),
      'Too many sign-in attempts. Try again in 14 minutes.',
    ],
    [
      'zh-CN',
      () => fail(429, 'RATE_LIMITED', { headers: { 'retry-after': '30' } }),
      '登录尝试次数过多，请在 30秒钟后重试。',
    ],
    [
      'en',
      () => fail(429, 'RATE_LIMITED'),
      'Too many sign-in attempts. Wait a moment and try again.',
    ],
    [
      'en',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network connection failed, check your network settings.',
    ],
  ] as const)('[%s] shows the right message under the form', async (language, route, message) => {
    await submitPassword(language, route);
    expect(await alertText()).toBe(message);
    expect(screen.getByTestId('page-title')).toHaveTextContent(
      language === 'en' ? 'Sign in' : '登录',
    );
    expect(localStorage.getItem('pasteport.auth.type')).toBeNull();
  });

  it('keeps what was typed after a failure', async () => {
    await submitPassword('en', () => fail(401, 'INVALID_CREDENTIALS'));
    await alertText();
    expect(field('Username')).toHaveValue('root');
  });
});

describe('login screen: API key', () => {
  it('verifies the key, signs in and shows only the modules it may use', async () => {
    await submitKey('en', () => ok(keyInfo({ text: true }, '/', 'ci-bot')));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Text shares'));
    expect(localStorage.getItem('pasteport.auth.apiKey')).toBe('pp_some_key');
    expect(screen.getByTestId('user-menu')).toHaveAccessibleName('Signed in as ci-bot');
  });

  it.each([
    ['en', () => fail(401, 'API_KEY_INVALID'), 'Invalid or unauthorized API key.'],
    ['zh-CN', () => fail(401, 'API_KEY_INVALID'), 'API 密钥无效或未获授权。'],
    ['en', () => fail(403, 'FORBIDDEN'), 'Invalid or unauthorized API key.'],
    [
      'en',
      () => ok(keyInfo({})),
      'Insufficient API key permissions: this key allows neither text, files nor mounts.',
    ],
    [
      'zh-CN',
      () => ok(keyInfo({})),
      'API 密钥权限不足：此密钥既没有文本、文件权限，也没有挂载权限。',
    ],
    ['en', () => ok(null), 'Invalid response from the server. Try again later.'],
    ['zh-CN', () => ok(undefined), '服务器响应无效，请稍后重试。'],
    ['en', () => fail(500, 'INTERNAL'), 'Server error. Try again later.'],
    ['zh-CN', () => fail(503, 'SERVICE_UNAVAILABLE'), '服务器错误，请稍后重试。'],
    [
      'zh-CN',
      () => fail(429, 'RATE_LIMITED', { headers: { 'retry-after': '120' } }),
      '登录尝试次数过多，请在 2分钟后重试。',
    ],
    ['en', () => fail(404, 'ROUTE_NOT_FOUND'), 'Login failed. Check your details and try again.'],
  ] as const)('[%s] shows the right message under the form', async (language, route, message) => {
    await submitKey(language, route);
    expect(await alertText()).toBe(message);
    expect(localStorage.getItem('pasteport.auth.type')).toBeNull();
  });

  it('asks for a key before sending anything', async () => {
    const fetchMock = stubServer({});
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'API key' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter an API key.')).toBeInTheDocument();
    expect(signInCalls(fetchMock)).toEqual([]);
  });
});

import { ROUTES } from '@pasteport/contract/plain';
import { AUTH_REVALIDATE_MS } from '@pasteport/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, requestsTo, stubServer } from '../../test/fake-server';
import {
  ADMIN,
  adminServerRoutes,
  keyInfo,
  seedAdminSession,
  seedApiKeySession,
} from '../../test/sessions';
import { api } from '../api';
import { createAuthStore } from './auth-store';
import { startAuth } from './connect';

const AUTH_KEYS = () =>
  Object.keys(localStorage).filter((key) => key.startsWith('pasteport.auth.'));

let events: string[];
const record = (event: Event) => events.push(event.type);
const EVENT_NAMES = ['auth-state-changed', 'admin-token-expired', 'api-key-invalid'];

beforeEach(() => {
  events = [];
  for (const name of EVENT_NAMES) window.addEventListener(name, record);
});
afterEach(() => {
  for (const name of EVENT_NAMES) window.removeEventListener(name, record);
});

describe('restore and re-validate (SPEC §4)', () => {
  it('restores an admin session from localStorage and confirms it with the server', async () => {
    seedAdminSession();
    const fetchMock = stubServer({
      'GET /api/test/admin-token': () => ok({ username: 'renamed', expires_at: ADMIN.expiresAt }),
    });
    const store = createAuthStore();
    expect(store.getSnapshot().session).toMatchObject({ type: 'admin', token: ADMIN.token });
    expect(store.getSnapshot().lastValidatedAt).toBeUndefined();

    await store.validate();
    const [, init] = requestsTo(fetchMock, 'GET /api/test/admin-token')[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${ADMIN.token}`);
    expect(store.getSnapshot().session).toMatchObject({ username: 'renamed' });
    expect(store.getSnapshot().lastValidatedAt).toEqual(expect.any(Number));
    expect(localStorage.getItem('pasteport.auth.adminUsername')).toBe('renamed');
  });

  it('restores an API key and refreshes its permissions with GET /test/api-key', async () => {
    seedApiKeySession(keyInfo({ text: true }));
    const fetchMock = stubServer({
      'GET /api/test/api-key': () => ok(keyInfo({ text: true, mount: true }, '/docs')),
    });
    const store = createAuthStore();
    await store.validate();
    const [, init] = requestsTo(fetchMock, 'GET /api/test/api-key')[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('ApiKey pp_key_123');
    expect(store.getSnapshot().session).toMatchObject({
      type: 'apikey',
      permissions: { text: true, file: false, mount: true },
      info: { basic_path: '/docs' },
    });
  });

  it.each([
    ['a 401', () => fail(401, 'SESSION_INVALID')],
    ['success without data', () => ok(null)],
  ])('logs an admin out when the check gets %s', async (_what, answer) => {
    seedAdminSession();
    stubServer({ 'GET /api/test/admin-token': answer });
    const store = createAuthStore();
    await store.validate();
    expect(store.getSnapshot().session.type).toBe('none');
    expect(store.getSnapshot().endedBecause).toBe('admin-expired');
    expect(AUTH_KEYS()).toEqual([]);
    expect(events).toEqual(['auth-state-changed', 'admin-token-expired']);
  });

  it('logs an API key out when the server rejects it, emitting api-key-invalid', async () => {
    seedApiKeySession(keyInfo({ file: true }));
    stubServer({ 'GET /api/test/api-key': () => fail(401, 'API_KEY_INVALID') });
    const store = createAuthStore();
    await store.validate();
    expect(store.getSnapshot().session.type).toBe('none');
    expect(store.getSnapshot().endedBecause).toBe('apikey-invalid');
    expect(events).toEqual(['auth-state-changed', 'api-key-invalid']);
  });

  it.each([
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails', () => fail(503, 'SERVICE_UNAVAILABLE')],
  ])('keeps the session when %s (no verdict)', async (_what, answer) => {
    seedAdminSession();
    stubServer({ 'GET /api/test/admin-token': answer });
    const store = createAuthStore();
    await store.validate();
    expect(store.getSnapshot()).toMatchObject({
      session: { type: 'admin' },
      validating: false,
      lastValidatedAt: undefined,
    });
  });

  it('reads corrupt or half-written storage as signed out', () => {
    localStorage.setItem('pasteport.auth.type', 'apikey');
    localStorage.setItem('pasteport.auth.apiKey', 'k');
    localStorage.setItem('pasteport.auth.apiKeyPermissions', '{not json');
    expect(createAuthStore().getSnapshot().session.type).toBe('none');
    localStorage.setItem('pasteport.auth.type', 'admin');
    expect(createAuthStore().getSnapshot().session.type).toBe('none');
  });
});

describe('the 5-minute rule', () => {
  it('re-validates only when the last validation is absent or older than 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    seedAdminSession();
    const fetchMock = stubServer(adminServerRoutes());
    const checks = () => requestsTo(fetchMock, 'GET /api/test/admin-token').length;
    const store = createAuthStore();

    await store.ensureFresh();
    expect(checks()).toBe(1);
    vi.setSystemTime(Date.now() + AUTH_REVALIDATE_MS - 1);
    await store.ensureFresh();
    expect(checks()).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    await store.ensureFresh();
    expect(checks()).toBe(2);
  });

  it('counts a login as a validation', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetchMock = stubServer({
      'POST /api/admin/login': () =>
        ok({ token: 'tk', username: 'root', expires_at: ADMIN.expiresAt }),
      ...adminServerRoutes(),
    });
    const store = createAuthStore();
    await store.loginWithPassword({ username: 'root', password: 'pw' });
    await store.ensureFresh();
    expect(requestsTo(fetchMock, 'GET /api/test/admin-token')).toHaveLength(0);
  });

  it('shares one request between concurrent checks', async () => {
    seedAdminSession();
    const fetchMock = stubServer(adminServerRoutes());
    const store = createAuthStore();
    await Promise.all([store.ensureFresh(), store.ensureFresh(), store.validate()]);
    expect(requestsTo(fetchMock, 'GET /api/test/admin-token')).toHaveLength(1);
  });

  it('logs out an admin session whose expiry has passed without asking the server', async () => {
    seedAdminSession();
    localStorage.setItem('pasteport.auth.adminExpiresAt', '2000-01-01T00:00:00Z');
    const fetchMock = stubServer(adminServerRoutes());
    const store = createAuthStore();
    await store.ensureFresh();
    expect(store.getSnapshot().endedBecause).toBe('admin-expired');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('clears every pasteport.auth.* key, emits auth-state-changed and revokes the session', async () => {
    seedAdminSession();
    localStorage.setItem('pasteport.theme', 'dark');
    const fetchMock = stubServer({ 'POST /api/admin/logout': () => ok({}) });
    const store = createAuthStore();
    store.logout();
    expect(AUTH_KEYS()).toEqual([]);
    expect(localStorage.getItem('pasteport.theme')).toBe('dark');
    expect(store.getSnapshot()).toMatchObject({
      session: { type: 'none' },
      endedBecause: undefined,
    });
    expect(events).toEqual(['auth-state-changed']);
    // Testing Library's wait (setup.ts): only a hang reaches its limit, not a busy machine.
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/admin/logout')).toHaveLength(1));
    const [, init] = requestsTo(fetchMock, 'POST /api/admin/logout')[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${ADMIN.token}`);
  });

  it('still signs out locally when the server cannot be reached', () => {
    seedAdminSession();
    stubServer({ 'POST /api/admin/logout': () => Promise.reject(new TypeError('offline')) });
    const store = createAuthStore();
    store.logout();
    expect(store.getSnapshot().session.type).toBe('none');
  });

  it('does not call the server for an API key', () => {
    seedApiKeySession(keyInfo({ text: true }));
    const fetchMock = stubServer({});
    createAuthStore().logout();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(AUTH_KEYS()).toEqual([]);
  });
});

describe('401 handling through the API client (SPEC §8)', () => {
  it('logs out when an authenticated call gets 401', async () => {
    seedAdminSession();
    stubServer({
      ...adminServerRoutes(),
      'GET /api/admin/api-keys': () => fail(401, 'SESSION_INVALID'),
    });
    const store = createAuthStore();
    const stop = startAuth(store);
    await store.validate();
    await expect(api.request('/admin/api-keys')).rejects.toMatchObject({ status: 401 });
    expect(store.getSnapshot()).toMatchObject({
      session: { type: 'none' },
      endedBecause: 'admin-expired',
    });
    expect(events).toContain('admin-token-expired');
    stop();
  });

  it('sends the stored credential on API calls', async () => {
    seedApiKeySession(keyInfo({ text: true }));
    const fetchMock = stubServer({
      'GET /api/test/api-key': () => ok(keyInfo({ text: true })),
      'GET /api/user/pastes': () => ok([]),
    });
    const stop = startAuth(createAuthStore());
    await api.request('/user/pastes');
    const [, init] = requestsTo(fetchMock, 'GET /api/user/pastes')[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('ApiKey pp_key_123');
    stop();
  });

  it.each([
    ['POST', '/paste/abc', 'unlockPaste', { slug: 'abc' }],
    ['POST', '/public/files/abc/verify', 'verifyFile', { slug: 'abc' }],
    ['POST', '/admin/change-password', 'changePassword', {}],
  ] as const)(
    'stays signed in after a 401 from %s %s (password checks)',
    async (method, path, name, params) => {
      seedAdminSession();
      stubServer({
        ...adminServerRoutes(),
        [`${method} /api${path}`]: () => fail(401, 'PASSWORD_INVALID'),
      });
      const store = createAuthStore();
      const stop = startAuth(store);
      await store.validate();
      await expect(
        api.call(ROUTES[name], { params, body: { password: 'x' } }),
      ).rejects.toMatchObject({ status: 401 });
      expect(store.getSnapshot().session.type).toBe('admin');
      stop();
    },
  );
});

describe('cross-tab sync', () => {
  it('follows a sign-out and a sign-in made in another tab', async () => {
    seedAdminSession();
    stubServer(adminServerRoutes());
    const store = createAuthStore();
    const stop = startAuth(store);
    await store.validate();

    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.auth.type' }));
    expect(store.getSnapshot().session.type).toBe('none');

    seedApiKeySession(keyInfo({ file: true }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.auth.type' }));
    expect(store.getSnapshot().session).toMatchObject({ type: 'apikey', key: 'pp_key_123' });
    expect(events.filter((name) => name === 'auth-state-changed')).toHaveLength(2);
    stop();
  });

  it('ignores storage events of other keys', () => {
    const store = createAuthStore();
    const stop = startAuth(store);
    seedAdminSession();
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.theme' }));
    expect(store.getSnapshot().session.type).toBe('none');
    stop();
  });
});

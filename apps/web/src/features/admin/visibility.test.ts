import type { ApiKeyPermissions } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { NO_SESSION, type AuthSession } from '../../lib/auth';
import { ADMIN_MODULES } from './modules';
import { KEY_MODULE_PERMISSIONS, resolveAdminModule, visibleModules } from './visibility';

const admin: AuthSession = { type: 'admin', token: 't', username: 'root', expiresAt: '' };
const key = (permissions: Partial<ApiKeyPermissions>): AuthSession => ({
  type: 'apikey',
  key: 'k',
  permissions: { text: false, file: false, mount: false, ...permissions },
  info: { id: '1', name: 'bot', basic_path: '/' },
});

describe('visibleModules', () => {
  it('gives the admin all seven modules in order', () => {
    expect(visibleModules(admin)).toEqual([...ADMIN_MODULES]);
  });

  it.each([
    [{ text: true }, ['text-management']],
    [{ file: true }, ['file-management']],
    [{ text: true, file: true }, ['text-management', 'file-management']],
    [{ text: true, file: true, mount: true }, ['text-management', 'file-management']],
    [{ mount: true }, []],
    [{}, []],
  ])('gives a key with %j only %j', (permissions, expected) => {
    expect(visibleModules(key(permissions))).toEqual(expected);
  });

  it('never offers mount-management to a key, whatever its permissions (SPEC §6)', () => {
    const everything = key({ text: true, file: true, mount: true });
    expect(visibleModules(everything)).not.toContain('mount-management');
    expect(KEY_MODULE_PERMISSIONS).not.toHaveProperty('mount-management');
    expect(resolveAdminModule('mount-management', visibleModules(everything))).toEqual({
      kind: 'redirect',
      to: '/admin/text-management',
    });
  });

  it('gives a signed-out visitor nothing', () => {
    expect(visibleModules(NO_SESSION)).toEqual([]);
  });
});

describe('resolveAdminModule', () => {
  const all = [...ADMIN_MODULES];

  it('shows the dashboard on bare /admin for the admin', () => {
    expect(resolveAdminModule(undefined, all)).toEqual({ kind: 'show', module: 'dashboard' });
  });

  it('sends unknown modules to /admin', () => {
    expect(resolveAdminModule('nope', all)).toEqual({ kind: 'redirect', to: '/admin' });
  });

  it.each(['dashboard', 'storage-config', 'mount-management', 'key-management', 'settings'])(
    'sends a text key from admin-only %s to its first allowed module',
    (module) => {
      expect(resolveAdminModule(module, ['text-management'])).toEqual({
        kind: 'redirect',
        to: '/admin/text-management',
      });
    },
  );

  it('sends a key from bare /admin to its first module', () => {
    expect(resolveAdminModule(undefined, ['file-management'])).toEqual({
      kind: 'redirect',
      to: '/admin/file-management',
    });
  });

  it('has nothing to show a key without modules, without looping', () => {
    expect(resolveAdminModule('settings', [])).toEqual({ kind: 'redirect', to: '/admin' });
    expect(resolveAdminModule(undefined, [])).toEqual({ kind: 'nothing' });
  });
});

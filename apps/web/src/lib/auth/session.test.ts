import { afterEach, describe, expect, it } from 'vitest';
import { keyInfo, seedApiKeySession } from '../../test/sessions';
import { AUTH_STORAGE_KEYS } from '../storage';
import {
  maySignedInShareFiles,
  NO_SESSION,
  readPersistedSession,
  type AuthSession,
} from './session';

afterEach(() => localStorage.clear());

describe('readPersistedSession (checked without zod: part of every first load)', () => {
  it('restores a stored API key with its permissions and identity', () => {
    const info = keyInfo({ text: true, mount: true }, '/docs');
    seedApiKeySession(info);
    expect(readPersistedSession()).toEqual({
      type: 'apikey',
      key: 'pp_key_123',
      permissions: { text: true, file: false, mount: true },
      info: info.key_info,
    });
  });

  it('keeps only the fields of the shapes, as the schemas did', () => {
    seedApiKeySession(keyInfo({ file: true }));
    const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? '{}') as object;
    localStorage.setItem(
      AUTH_STORAGE_KEYS.apiKeyPermissions,
      JSON.stringify({ ...stored(AUTH_STORAGE_KEYS.apiKeyPermissions), admin: true }),
    );
    localStorage.setItem(
      AUTH_STORAGE_KEYS.apiKeyInfo,
      JSON.stringify({ ...stored(AUTH_STORAGE_KEYS.apiKeyInfo), extra: 1 }),
    );
    const session = readPersistedSession();
    expect(session.type === 'apikey' && session.permissions).toEqual({
      text: false,
      file: true,
      mount: false,
    });
    expect(session.type === 'apikey' && Object.keys(session.info).sort()).toEqual([
      'basic_path',
      'id',
      'name',
    ]);
  });

  it.each([
    [
      'a permission that is not a boolean',
      AUTH_STORAGE_KEYS.apiKeyPermissions,
      '{"text":"yes","file":true,"mount":false}',
    ],
    ['permissions that are not an object', AUTH_STORAGE_KEYS.apiKeyPermissions, 'null'],
    ['an identity without its basic path', AUTH_STORAGE_KEYS.apiKeyInfo, '{"id":"k1","name":"CI"}'],
    ['an identity that is a string', AUTH_STORAGE_KEYS.apiKeyInfo, '"k1"'],
  ])('reads %s as signed out', (_what, key, value) => {
    seedApiKeySession(keyInfo({ text: true }));
    localStorage.setItem(key, value);
    expect(readPersistedSession().type).toBe('none');
  });
});

describe('maySignedInShareFiles', () => {
  it('lets the admin and keys with the file permission share files, nobody else', () => {
    const keyWith = (file: boolean): AuthSession => ({
      type: 'apikey',
      key: 'k',
      permissions: { text: true, file, mount: true },
      info: { id: '1', name: 'bot', basic_path: '/' },
    });
    expect(
      maySignedInShareFiles({ type: 'admin', token: 't', username: 'root', expiresAt: '' }),
    ).toBe(true);
    expect(maySignedInShareFiles(keyWith(true))).toBe(true);
    expect(maySignedInShareFiles(keyWith(false))).toBe(false);
    expect(maySignedInShareFiles(NO_SESSION)).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { AdminSession, ApiKeySession } from '../../../lib/auth';
import { NO_SESSION } from '../../../lib/auth';
import { addToBasket } from './basket-rules';
import {
  basketStorageKey,
  parseStoredBasket,
  readBasket,
  subscribeBasket,
  writeBasket,
} from './basket-store';

const admin: AdminSession = {
  type: 'admin',
  token: 't',
  username: 'root',
  expiresAt: '2999-01-01T00:00:00.000Z',
};
const apiKey: ApiKeySession = {
  type: 'apikey',
  key: 'pp_key',
  permissions: { text: false, file: false, mount: true },
  info: { id: 'key-1', name: 'root', basic_path: '/' },
};
const entries = addToBasket(
  [],
  [
    { path: '/m/a.txt', name: 'a.txt', isDirectory: false, size: 10 },
    { path: '/m/docs', name: 'docs', isDirectory: true, size: 0 },
  ],
).entries;

describe('basketStorageKey', () => {
  it('separates the admin from an API key of the same name, and signed-out has none', () => {
    const adminKey = basketStorageKey(admin, '/api');
    const keyKey = basketStorageKey(apiKey, '/api');
    expect(adminKey).toBe('pasteport.basket.admin:root@/api');
    expect(keyKey).toBe('pasteport.basket.apikey:key-1@/api');
    expect(basketStorageKey(NO_SESSION, '/api')).toBeUndefined();
  });

  it('separates the same identity on another API', () => {
    expect(basketStorageKey(admin, 'https://a.example/api')).not.toBe(
      basketStorageKey(admin, 'https://b.example/api'),
    );
  });
});

describe('readBasket and writeBasket', () => {
  it('persists to localStorage and reads it back after a reload', () => {
    const key = basketStorageKey(admin, '/api') ?? '';
    writeBasket(key, entries);
    const stored = localStorage.getItem(key);
    expect(stored).not.toBeNull();
    // A reload parses the stored text from scratch.
    expect(parseStoredBasket(stored ?? undefined)).toEqual(entries);
    expect(readBasket(key)).toEqual(entries);
  });

  it('returns the same array until the stored text changes', () => {
    const key = basketStorageKey(admin, '/api') ?? '';
    writeBasket(key, entries);
    const first = readBasket(key);
    expect(readBasket(key)).toBe(first);
    localStorage.setItem(key, JSON.stringify(entries.slice(0, 1)));
    expect(readBasket(key)).toHaveLength(1);
  });

  it("never shows one identity's basket to another", () => {
    writeBasket(basketStorageKey(admin, '/api') ?? '', entries);
    expect(readBasket(basketStorageKey(apiKey, '/api'))).toEqual([]);
    expect(readBasket(undefined)).toEqual([]);
  });

  it('removes the key when the basket is emptied', () => {
    const key = basketStorageKey(admin, '/api') ?? '';
    writeBasket(key, entries);
    writeBasket(key, []);
    expect(localStorage.getItem(key)).toBeNull();
    expect(readBasket(key)).toEqual([]);
  });

  it('tells subscribers about writes here and basket changes in other tabs', () => {
    const listener = vi.fn();
    const stop = subscribeBasket(listener);
    writeBasket('pasteport.basket.admin:root@/api', entries);
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.basket.apikey:k@/api' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.theme' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'pasteport.basket.x' }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('parseStoredBasket', () => {
  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"path":"/a"}'],
    ['a number', '42'],
    ['null', 'null'],
  ])('reads %s as an empty basket', (_label, raw) => {
    expect(parseStoredBasket(raw)).toEqual([]);
  });

  it('keeps the valid entries and leaves out malformed ones', () => {
    const raw = JSON.stringify([
      { path: '/m/a', name: 'a', isDirectory: false, size: 5 },
      { path: 'relative', name: 'r', isDirectory: false, size: 1 },
      { path: '/m/b', name: 'b', isDirectory: 'no', size: 1 },
      { path: '/m/c', name: 'c', isDirectory: false, size: -1 },
      { path: '/m/d', name: 'd', isDirectory: true, size: null, extra: 'dropped' },
      null,
      'text',
    ]);
    expect(parseStoredBasket(raw)).toEqual([
      { path: '/m/a', name: 'a', isDirectory: false, size: 5 },
      { path: '/m/d', name: 'd', isDirectory: true, size: null },
    ]);
  });

  it('re-applies the basket rules to what was stored', () => {
    const raw = JSON.stringify([
      { path: '/m/d/x', name: 'x', isDirectory: false, size: 5 },
      { path: '/m/d', name: 'd', isDirectory: true, size: null },
      { path: '/m/d', name: 'd', isDirectory: true, size: null },
    ]);
    expect(parseStoredBasket(raw).map((entry) => entry.path)).toEqual(['/m/d']);
  });

  it('ignores malformed data in storage when reading a basket', () => {
    const key = basketStorageKey(apiKey, '/api') ?? '';
    localStorage.setItem(key, '[{"path": 3}');
    expect(readBasket(key)).toEqual([]);
  });
});

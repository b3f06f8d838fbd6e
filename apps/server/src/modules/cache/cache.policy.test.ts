import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type AdminActor, type ApiKeyActor } from '../auth/actor.js';
import { mayClearCache } from './cache.policy.js';

const admin: AdminActor = {
  kind: 'admin',
  adminId: 'a1',
  username: 'root',
  sessionTokenHash: 'h',
  expiresAt: '2999-01-01T00:00:00.000Z',
};
const key = (text: boolean): ApiKeyActor => ({
  kind: 'apikey',
  keyId: 'k1',
  name: 'ci',
  permissions: { text, file: false, mount: false },
  basicPath: '/',
});

describe('mayClearCache', () => {
  it('lets the admin clear every cache, including admin-only ones', () => {
    expect(mayClearCache(admin, { keyPermission: 'text' })).toBe(true);
    expect(mayClearCache(admin, { keyPermission: null })).toBe(true);
  });

  it('lets a key clear only caches of an area its permissions open', () => {
    expect(mayClearCache(key(true), { keyPermission: 'text' })).toBe(true);
    expect(mayClearCache(key(false), { keyPermission: 'text' })).toBe(false);
    expect(mayClearCache(key(true), { keyPermission: null })).toBe(false);
  });

  it('never lets an anonymous caller clear anything', () => {
    expect(mayClearCache(ANONYMOUS, { keyPermission: 'text' })).toBe(false);
  });
});

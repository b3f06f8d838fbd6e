import { describe, expect, it } from 'vitest';
import { ADMIN_ACTOR as admin, apiKeyActor } from '../../../test/actors.js';
import { ANONYMOUS } from '../../core/actor.js';
import { mayClearCache } from './cache.policy.js';

const key = (text: boolean) => apiKeyActor({ text });

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

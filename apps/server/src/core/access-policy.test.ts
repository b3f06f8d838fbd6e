import { describe, expect, it } from 'vitest';
import { ADMIN_ACTOR as admin, apiKeyActor as key } from '../../test/actors.js';
import { ANONYMOUS, type Actor } from './actor.js';
import {
  accessDenial,
  canAccessPath,
  creatorId,
  hasPermission,
  isAdmin,
  isCreator,
  ownedCreatorIds,
  type Access,
} from './access-policy.js';

describe('isAdmin and hasPermission', () => {
  it('gives the admin every permission', () => {
    expect(isAdmin(admin)).toBe(true);
    for (const p of ['text', 'file', 'mount'] as const) expect(hasPermission(admin, p)).toBe(true);
  });

  it('gives a key exactly its flags', () => {
    const k = key({ file: true });
    expect(isAdmin(k)).toBe(false);
    expect(hasPermission(k, 'file')).toBe(true);
    expect(hasPermission(k, 'text')).toBe(false);
    expect(hasPermission(k, 'mount')).toBe(false);
  });

  it('gives anonymous nothing', () => {
    expect(isAdmin(ANONYMOUS)).toBe(false);
    for (const p of ['text', 'file', 'mount'] as const)
      expect(hasPermission(ANONYMOUS, p)).toBe(false);
  });
});

describe('canAccessPath', () => {
  it('lets the admin anywhere and anonymous nowhere', () => {
    expect(canAccessPath(admin, '/anything')).toBe(true);
    expect(canAccessPath(ANONYMOUS, '/')).toBe(false);
  });

  it.each([
    ['/', '/x/y', true],
    ['/docs', '/docs', true],
    ['/docs', '/docs/a', true],
    ['/docs', '/docs-private', false],
    ['/docs', '/docs-private/a', false],
    ['/docs/', '/docs/a', true],
    ['/docs', '/', false],
  ])('key with basic path %s reaching %s: %s', (basic, path, expected) => {
    expect(canAccessPath(key({ mount: true }, basic), path)).toBe(expected);
  });

  it('refuses traversal rather than answering', () => {
    expect(() => canAccessPath(key({ mount: true }, '/docs'), '/docs/../etc')).toThrow();
  });
});

describe('isCreator and creatorId', () => {
  it('makes the admin the creator of everything', () => {
    expect(isCreator(admin, 'apikey:other')).toBe(true);
    expect(isCreator(admin, null)).toBe(true);
  });

  it.each([
    ['k1', true],
    ['apikey:k1', true],
    ['apikey:k2', false],
    ['k2', false],
    ['admin', false],
    ['apikey:k1x', false],
    [null, false],
    ['', false],
  ])('key k1 created_by=%j → %s', (createdBy, expected) => {
    expect(isCreator(key(), createdBy)).toBe(expected);
  });

  it('never makes anonymous a creator', () => {
    expect(isCreator(ANONYMOUS, 'apikey:k1')).toBe(false);
  });

  it('turns the creator check into a filter that agrees with isCreator', () => {
    expect(ownedCreatorIds(admin)).toBeUndefined();
    expect(ownedCreatorIds(ANONYMOUS)).toEqual([]);
    const ids = ownedCreatorIds(key()) ?? [];
    for (const createdBy of ['k1', 'apikey:k1', 'apikey:k2', 'admin']) {
      expect(ids.includes(createdBy)).toBe(isCreator(key(), createdBy));
    }
  });

  it('stamps created_by per actor', () => {
    expect(creatorId(admin)).toBe('admin');
    expect(creatorId(key())).toBe('apikey:k1');
    expect(creatorId(ANONYMOUS)).toBeNull();
  });
});

describe('accessDenial', () => {
  const cases: [string, Actor, Access, string | null][] = [
    ['anonymous → public', ANONYMOUS, 'public', null],
    ['anonymous → authenticated', ANONYMOUS, 'authenticated', 'UNAUTHORIZED'],
    ['anonymous → admin', ANONYMOUS, 'admin', 'UNAUTHORIZED'],
    ['anonymous → text', ANONYMOUS, { permission: 'text' }, 'UNAUTHORIZED'],
    ['key → public', key(), 'public', null],
    ['key → authenticated', key(), 'authenticated', null],
    ['key → admin', key({ text: true, file: true, mount: true }), 'admin', 'ADMIN_ONLY'],
    ['key with text → text', key({ text: true }), { permission: 'text' }, null],
    ['key without text → text', key({ file: true }), { permission: 'text' }, 'PERMISSION_DENIED'],
    ['key with mount → mount', key({ mount: true }), { permission: 'mount' }, null],
    ['admin → admin', admin, 'admin', null],
    ['admin → file', admin, { permission: 'file' }, null],
    ['admin → authenticated', admin, 'authenticated', null],
  ];
  it.each(cases)('%s', (_name, actor, access, expected) => {
    expect(accessDenial(actor, access)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import {
  effectiveScope,
  hitFolderHref,
  hitHref,
  isSearchable,
  moveActive,
  nextSearchOffset,
  scopeBlock,
  searchPageQuery,
  searchRequest,
  type SearchPlace,
} from './search-model';

const ROOT: SearchPlace = { path: '/', mountId: null };
const ABOVE_MOUNTS: SearchPlace = { path: '/teams', mountId: null };
const IN_MOUNT: SearchPlace = { path: '/team/docs', mountId: 'm1' };

describe('search scopes', () => {
  it('allows only a global search at the root', () => {
    expect(scopeBlock('global', ROOT)).toBeNull();
    expect(scopeBlock('mount', ROOT)).toBe('atRoot');
    expect(scopeBlock('directory', ROOT)).toBe('atRoot');
  });

  it('allows no mount search in a folder above every mount, but its folder search', () => {
    expect(scopeBlock('mount', ABOVE_MOUNTS)).toBe('noMount');
    expect(scopeBlock('directory', ABOVE_MOUNTS)).toBeNull();
  });

  it('allows every scope inside a mount', () => {
    expect(['global', 'mount', 'directory'].map((s) => scopeBlock(s as never, IN_MOUNT))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('falls back to global where the chosen scope does not apply', () => {
    expect(effectiveScope('directory', ROOT)).toBe('global');
    expect(effectiveScope('mount', ABOVE_MOUNTS)).toBe('global');
    expect(effectiveScope('mount', IN_MOUNT)).toBe('mount');
  });
});

describe('search requests', () => {
  it('needs a keyword of at least two characters, spaces aside', () => {
    expect(isSearchable(' a ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
    expect(searchRequest('a', 'global', IN_MOUNT)).toBeNull();
  });

  it('sends the trimmed keyword and what each scope needs', () => {
    expect(searchRequest(' report ', 'global', IN_MOUNT)).toEqual({ q: 'report', scope: 'global' });
    expect(searchRequest('report', 'mount', IN_MOUNT)).toEqual({
      q: 'report',
      scope: 'mount',
      mount_id: 'm1',
    });
    expect(searchRequest('report', 'directory', IN_MOUNT)).toEqual({
      q: 'report',
      scope: 'directory',
      path: '/team/docs',
    });
    expect(searchRequest('report', 'mount', ABOVE_MOUNTS)).toEqual({
      q: 'report',
      scope: 'global',
    });
  });

  it('asks pages of 50 and the next page only while the server has more', () => {
    expect(searchPageQuery({ q: 'report', scope: 'global' })).toEqual({
      q: 'report',
      scope: 'global',
      limit: 50,
      offset: 0,
    });
    expect(nextSearchOffset(true, 0)).toBe(50);
    expect(nextSearchOffset(false, 0)).toBeUndefined();
    expect(nextSearchOffset(true, 9_950)).toBe(10_000);
    expect(nextSearchOffset(true, 10_000)).toBeUndefined();
  });
});

describe('opening results', () => {
  it('opens a folder itself and a file previewed in its folder', () => {
    expect(hitHref({ name: 'docs', path: '/team/docs', isDirectory: true })).toBe(
      '/mount-explorer/team/docs',
    );
    expect(hitHref({ name: 'a #1.pdf', path: '/team/a #1.pdf', isDirectory: false })).toBe(
      '/mount-explorer/team?preview=a%20%231.pdf',
    );
    expect(hitFolderHref({ name: 'docs', path: '/team/docs', isDirectory: true })).toBe(
      '/mount-explorer/team',
    );
  });
});

describe('moving the active result', () => {
  it('starts at the first going down and the last going up, and stops at the ends', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(0);
    expect(moveActive(0, 1, 3)).toBe(1);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});

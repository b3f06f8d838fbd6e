import { describe, expect, it } from 'vitest';
import { ADMIN_ACTOR, apiKeyActor } from '../../test/actors.js';
import { ANONYMOUS } from '../core/actor.js';
import { isAppError } from '../lib/app-error.js';
import type { ActiveMount } from './mount-table.js';
import {
  findMount,
  mayWriteMounts,
  mountEntriesUnder,
  resolvePath,
  visibilityOf,
  type ResolvedPath,
} from './mount-space.js';

function mount(id: string, mountPath: string, apiKeys = true): ActiveMount {
  return {
    id,
    name: id,
    mount_path: mountPath,
    mount_path_key: mountPath.toLowerCase(),
    storage_config_id: `cfg-${id}`,
    remark: null,
    sort_order: 0,
    cache_ttl: 300,
    is_active: 1,
    read_only: 0,
    created_by: 'admin',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    last_used: null,
    last_refresh: null,
    storage_allows_api_keys: apiKeys ? 1 : 0,
  };
}

const MOUNTS = [
  mount('public', '/public'),
  mount('docs', '/team/docs'),
  mount('media', '/team/media'),
  mount('deep', '/public/archive/old'),
];

const key = (basicPath: string) => apiKeyActor({ mount: true }, basicPath);

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    return isAppError(err) ? err.code : 'not an AppError';
  }
  return undefined;
}

const names = (resolved: ResolvedPath) =>
  resolved.kind === 'virtual' ? resolved.entries.map((e) => e.name) : null;

describe('visibilityOf', () => {
  it('gives the admin everything and anonymous or mount-less keys nothing', () => {
    expect(visibilityOf(ADMIN_ACTOR, '/anything/at/all')).toBe('full');
    expect(visibilityOf(ANONYMOUS, '/')).toBe('none');
    expect(visibilityOf(apiKeyActor({ file: true }, '/'), '/')).toBe('none');
  });

  it('gives a key its basic path and beneath, the ancestors bare, and no sibling', () => {
    const actor = key('/team/docs');
    expect(visibilityOf(actor, '/team/docs')).toBe('full');
    expect(visibilityOf(actor, '/team/docs/a/b')).toBe('full');
    expect(visibilityOf(actor, '/team')).toBe('ancestor');
    expect(visibilityOf(actor, '/')).toBe('ancestor');
    expect(visibilityOf(actor, '/team/media')).toBe('none');
    expect(visibilityOf(actor, '/team/docs-private')).toBe('none');
    expect(visibilityOf(actor, '/public')).toBe('none');
  });
});

describe('mayWriteMounts', () => {
  it('allows the admin and read-write keys, never read-only or mount-less keys', () => {
    expect(mayWriteMounts(ADMIN_ACTOR)).toBe(true);
    expect(mayWriteMounts(apiKeyActor({ mount: true }))).toBe(true);
    expect(mayWriteMounts(apiKeyActor({ mount: true }, '/', true))).toBe(false);
    expect(mayWriteMounts(apiKeyActor({ file: true }))).toBe(false);
    expect(mayWriteMounts(ANONYMOUS)).toBe(false);
  });
});

describe('findMount', () => {
  it('maps a path to the longest mount path holding it and the key below it', () => {
    expect(findMount(MOUNTS, '/public')).toMatchObject({ mount: { id: 'public' }, key: '' });
    expect(findMount(MOUNTS, '/public/a/b.txt')).toMatchObject({
      mount: { id: 'public' },
      key: 'a/b.txt',
    });
    expect(findMount(MOUNTS, '/public/archive/old/x')).toMatchObject({
      mount: { id: 'deep' },
      key: 'x',
    });
    expect(findMount(MOUNTS, '/team')).toBeNull();
    expect(findMount(MOUNTS, '/publicity')).toBeNull();
  });
});

describe('mountEntriesUnder', () => {
  it('lists mount roots and virtual parents once each, in name order', () => {
    expect(mountEntriesUnder(MOUNTS, '/')).toEqual([
      { name: 'public', path: '/public', mount: MOUNTS[0] },
      { name: 'team', path: '/team', mount: null },
    ]);
    expect(mountEntriesUnder(MOUNTS, '/team').map((e) => [e.name, e.mount?.id])).toEqual([
      ['docs', 'docs'],
      ['media', 'media'],
    ]);
    // A mount nested inside another mount's folder shows as a folder of the outer mount.
    expect(mountEntriesUnder(MOUNTS, '/public').map((e) => e.name)).toEqual(['archive']);
  });
});

describe('resolvePath', () => {
  it('answers the virtual root and virtual parents with their entries', () => {
    expect(names(resolvePath(MOUNTS, ADMIN_ACTOR, '/'))).toEqual(['public', 'team']);
    expect(names(resolvePath(MOUNTS, ADMIN_ACTOR, '/team'))).toEqual(['docs', 'media']);
  });

  it('answers a place in a mount with the mount and its key', () => {
    expect(resolvePath(MOUNTS, ADMIN_ACTOR, '/team/docs/report.pdf')).toEqual({
      kind: 'mount',
      path: '/team/docs/report.pdf',
      mount: MOUNTS[1],
      key: 'report.pdf',
    });
  });

  it('is NOT_FOUND for a virtual path no mount lies under', () => {
    expect(errorCode(() => resolvePath(MOUNTS, ADMIN_ACTOR, '/nowhere'))).toBe('NOT_FOUND');
    expect(errorCode(() => resolvePath([], ADMIN_ACTOR, '/'))).toBeUndefined();
  });

  it("shows a key only the way down to its basic path, never a sibling's name", () => {
    const actor = key('/team/docs');
    expect(names(resolvePath(MOUNTS, actor, '/'))).toEqual(['team']);
    expect(names(resolvePath(MOUNTS, actor, '/team'))).toEqual(['docs']);
    expect(resolvePath(MOUNTS, actor, '/team/docs/x').kind).toBe('mount');
    for (const outside of ['/public', '/public/a', '/team/media', '/team/docs-private']) {
      expect(errorCode(() => resolvePath(MOUNTS, actor, outside))).toBe('PATH_FORBIDDEN');
    }
  });

  it('walks a key down inside a mount to a basic path below the mount root', () => {
    const actor = key('/public/reports/2026');
    expect(names(resolvePath(MOUNTS, actor, '/'))).toEqual(['public']);
    expect(names(resolvePath(MOUNTS, actor, '/public'))).toEqual(['reports']);
    expect(names(resolvePath(MOUNTS, actor, '/public/reports'))).toEqual(['2026']);
    expect(resolvePath(MOUNTS, actor, '/public/reports/2026')).toMatchObject({
      kind: 'mount',
      key: 'reports/2026',
    });
    expect(errorCode(() => resolvePath(MOUNTS, actor, '/public/archive'))).toBe('PATH_FORBIDDEN');
  });

  it('hides from keys the mounts whose storage is closed to API keys', () => {
    const mounts = [...MOUNTS, mount('vault', '/team/vault', false)];
    expect(names(resolvePath(mounts, ADMIN_ACTOR, '/team'))).toEqual(['docs', 'media', 'vault']);
    expect(names(resolvePath(mounts, key('/'), '/team'))).toEqual(['docs', 'media']);
    expect(errorCode(() => resolvePath(mounts, key('/'), '/team/vault/x'))).toBe('NOT_FOUND');
  });

  it('refuses everything to callers without the mount permission', () => {
    expect(errorCode(() => resolvePath(MOUNTS, ANONYMOUS, '/'))).toBe('PATH_FORBIDDEN');
    const fileKey = apiKeyActor({ file: true });
    expect(errorCode(() => resolvePath(MOUNTS, fileKey, '/public'))).toBe('PATH_FORBIDDEN');
  });
});

import type { Mount } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import {
  cacheTtlText,
  explorerPath,
  filterMounts,
  formatRelative,
  sortMounts,
} from './mount-display';

function mount(patch: Partial<Mount>): Mount {
  return {
    id: 'm',
    name: 'Docs',
    mount_path: '/docs',
    storage_config_id: 'c1',
    storage_type: 'LOCAL',
    storage_config_name: 'Local disk',
    remark: null,
    sort_order: 0,
    cache_ttl: 300,
    is_active: true,
    read_only: false,
    created_by: 'admin',
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    last_used: null,
    last_refresh: null,
    ...patch,
  };
}

describe('sortMounts', () => {
  it('orders by sort order, then by path', () => {
    const sorted = sortMounts([
      mount({ id: 'a', sort_order: 2, mount_path: '/a' }),
      mount({ id: 'b', sort_order: 1, mount_path: '/z' }),
      mount({ id: 'c', sort_order: 1, mount_path: '/m' }),
      mount({ id: 'd', sort_order: -5, mount_path: '/q' }),
    ]);
    expect(sorted.map((m) => m.id)).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('filterMounts', () => {
  const mounts = [
    mount({ id: 'a', name: 'Photos', mount_path: '/pics' }),
    mount({ id: 'b', name: 'Team', mount_path: '/team/shared', remark: 'Quarterly REPORTS' }),
    mount({ id: 'c', name: '文档', mount_path: '/文档' }),
  ];
  it.each([
    ['', ['a', 'b', 'c']],
    ['  ', ['a', 'b', 'c']],
    ['photo', ['a']],
    ['/TEAM', ['b']],
    ['reports', ['b']],
    ['文', ['c']],
    ['nothing', []],
  ])('%j keeps %j', (search, ids) => {
    expect(filterMounts(mounts, search).map((m) => m.id)).toEqual(ids);
  });
});

describe('cacheTtlText', () => {
  it.each([
    [300, 'en', '5 min'],
    [3600, 'en', '1 hr'],
    [86_400, 'en', '1 day'],
    [90, 'en', '90 sec'],
    [300, 'zh-CN', '5分钟'],
  ])('%d s in %s reads %j', (seconds, locale, text) => {
    expect(cacheTtlText(seconds, locale)).toBe(text);
  });

  it('has no text for 0 (no cache)', () => {
    expect(cacheTtlText(0, 'en')).toBeUndefined();
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2030-01-02T12:00:00Z');
  it.each([
    ['2030-01-02T09:00:00Z', '3 hours ago'],
    ['2030-01-02T11:59:50Z', 'this minute'],
    ['2030-01-01T12:00:00Z', 'yesterday'],
    ['not a date', '—'],
  ])('%s reads %j', (iso, text) => {
    expect(formatRelative(iso, now, 'en')).toBe(text);
  });
});

describe('explorerPath', () => {
  it('links to the mount in the explorer, each name encoded', () => {
    expect(explorerPath({ mount_path: '/team/docs' })).toBe('/mount-explorer/team/docs');
    expect(explorerPath({ mount_path: '/文档' })).toBe('/mount-explorer/%E6%96%87%E6%A1%A3');
  });
});

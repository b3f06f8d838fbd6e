import { describe, expect, it } from 'vitest';
import { sharedWarningOf } from './use-shared-paths';

const file = (path: string) => ({ path, isDirectory: false });
const folder = (path: string) => ({ path, isDirectory: true });

describe('sharedWarningOf', () => {
  it('is nothing when no entry is shared, whatever else the answer names', () => {
    expect(sharedWarningOf([file('/m/a'), folder('/m/d')], [])).toBeNull();
    expect(sharedWarningOf([file('/m/a')], [{ path: '/m/other', shares: 2 }])).toBeNull();
  });

  it('names the one file with its number of links, or the one folder', () => {
    expect(sharedWarningOf([file('/m/a')], [{ path: '/m/a', shares: 3 }])).toEqual({
      kind: 'file',
      shares: 3,
    });
    expect(sharedWarningOf([folder('/m/d')], [{ path: '/m/d', shares: 5 }])).toEqual({
      kind: 'folder',
    });
  });

  it('counts shared files, folders holding shares, or both among several entries', () => {
    const entries = [file('/m/a'), file('/m/b'), folder('/m/d'), folder('/m/e')];
    expect(
      sharedWarningOf(entries, [
        { path: '/m/a', shares: 1 },
        { path: '/m/b', shares: 4 },
      ]),
    ).toEqual({ kind: 'files', count: 2 });
    expect(sharedWarningOf(entries, [{ path: '/m/e', shares: 1 }])).toEqual({
      kind: 'folders',
      count: 1,
    });
    expect(
      sharedWarningOf(entries, [
        { path: '/m/a', shares: 1 },
        { path: '/m/d', shares: 2 },
        { path: '/m/e', shares: 1 },
      ]),
    ).toEqual({ kind: 'mixed', count: 3 });
  });
});

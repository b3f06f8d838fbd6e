import { describe, expect, it } from 'vitest';
import type { ActiveMount } from '../../vfs/mount-table.js';
import { branchesWithin } from './search.service.js';

const mount = (id: string, mount_path: string, storage_config_id = 's1') =>
  ({ id, name: id, mount_path, storage_config_id, storage_allows_api_keys: 1 }) as ActiveMount;

describe('branchesWithin', () => {
  const mounts = [
    mount('team', '/team'),
    mount('docs', '/team/docs', 's2'),
    mount('media', '/team/media'),
    mount('other', '/other'),
  ];
  const shape = (within: string) =>
    branchesWithin(mounts, within).map((b) => [b.mount.id, b.under, b.excluded]);

  it('gives each mount within the path whole, minus the mounts nested in it', () => {
    expect(shape('/')).toEqual([
      ['team', '', ['docs', 'media']],
      ['docs', '', []],
      ['media', '', []],
      ['other', '', []],
    ]);
  });

  it('narrows the mount holding the path to the folder below it', () => {
    expect(shape('/team/docs/a')).toEqual([['docs', 'a', []]]);
    expect(shape('/team/x')).toEqual([['team', 'x', ['docs', 'media']]]);
    expect(shape('/team')).toEqual([
      ['team', '', ['docs', 'media']],
      ['docs', '', []],
      ['media', '', []],
    ]);
  });

  it('leaves out siblings: /team/docs never reaches /team/docs-private or /team/media', () => {
    expect(shape('/team/docs')).toEqual([['docs', '', []]]);
    expect(shape('/team/docs-private')).toEqual([['team', 'docs-private', ['docs', 'media']]]);
    expect(shape('/nowhere')).toEqual([]);
  });
});

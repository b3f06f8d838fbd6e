import { describe, expect, it } from 'vitest';
import { createLocalInvalidationBus } from '../lib/invalidation.js';
import type { ActiveMount } from './mount-table.js';
import { createMountTable, MOUNTS_TOPIC } from './mount-table.js';

function countingRepo() {
  const repo = {
    loads: 0,
    rows: [] as ActiveMount[],
    listActive: () => {
      repo.loads += 1;
      return Promise.resolve([...repo.rows]);
    },
  };
  return repo;
}

const row = (id: string) => ({ id, mount_path: `/${id}` }) as ActiveMount;

describe('the mount table', () => {
  it('reads the mounts once and again only after a change is announced', async () => {
    const repo = countingRepo();
    const invalidation = createLocalInvalidationBus();
    const table = createMountTable({ repo, invalidation, alsoOn: ['storage-configs'] });

    repo.rows = [row('a')];
    expect((await table.active()).map((m) => m.id)).toEqual(['a']);
    await table.active();
    expect(repo.loads).toBe(1);

    repo.rows = [row('a'), row('b')];
    await table.changed('b');
    expect((await table.active()).map((m) => m.id)).toEqual(['a', 'b']);
    expect(repo.loads).toBe(2);

    // A storage config's change (its API-key rule) reloads the table too.
    invalidation.deliver('storage-configs', 'cfg');
    await table.active();
    expect(repo.loads).toBe(3);
  });

  it('does not keep a load that a change overtook', async () => {
    const repo = countingRepo();
    const invalidation = createLocalInvalidationBus();
    const table = createMountTable({ repo, invalidation });
    const first = table.active();
    invalidation.deliver(MOUNTS_TOPIC, 'x');
    await first;
    repo.rows = [row('c')];
    expect((await table.active()).map((m) => m.id)).toEqual(['c']);
  });
});

import 'fake-indexeddb/auto';
import type { FsList } from '@pasteport/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineDb } from '../../../lib/offline-db';
import { DAY_MS, storedCopy } from '../../../test/kits/offline-kit';
import { DIRECTORY_PAGES_KEPT, keepListingPage, readListingPage } from './offline-listing';

afterEach(async () => {
  await deleteOfflineDb();
});

const T0 = Date.UTC(2030, 0, 1);
const ADMIN = 'admin@/api';

function page(name: string, next: string | null): FsList {
  return {
    path: '/team',
    isVirtual: false,
    mount_id: 'm1',
    storage_type: 'LOCAL',
    writable: true,
    items: [
      { name, path: `/team/${name}`, isDirectory: false, size: 1, modified: null, mimetype: null },
    ],
    next_cursor: next,
  };
}

const names = (listed: FsList | undefined) => listed?.items.map((item) => item.name);

describe('offline listing', () => {
  it('keeps a folder page by page and gives each page back for its cursor', async () => {
    await keepListingPage('/team', null, page('a', 'c1'), ADMIN, T0);
    await keepListingPage('/team', 'c1', page('b', 'c2'), ADMIN, T0 + 10);
    await keepListingPage('/team', 'c2', page('c', null), ADMIN, T0 + 20);

    expect(names(await readListingPage('/team', null, ADMIN, T0 + DAY_MS))).toEqual(['a']);
    expect(names(await readListingPage('/team', 'c1', ADMIN, T0 + DAY_MS))).toEqual(['b']);
    const last = await readListingPage('/team', 'c2', ADMIN, T0 + DAY_MS);
    expect(names(last)).toEqual(['c']);
    // The copy is dated by its first page, comes back read-only and says when it was saved.
    expect(last).toMatchObject({ writable: false, offlineSavedAt: T0, next_cursor: null });
    expect(await readListingPage('/team', 'elsewhere', ADMIN, T0 + DAY_MS)).toBeUndefined();
  });

  it('ends the kept folder at its last kept page, so nothing is asked that it cannot give', async () => {
    await keepListingPage('/team', null, page('a', 'c1'), ADMIN, T0);
    expect(await readListingPage('/team', null, ADMIN, T0)).toMatchObject({ next_cursor: null });
  });

  it('starts again from a first page, and ignores a page that does not continue the walk', async () => {
    await keepListingPage('/team', null, page('a', 'c1'), ADMIN, T0);
    await keepListingPage('/team', 'c1', page('b', 'c2'), ADMIN, T0);
    await keepListingPage('/team', 'stale', page('x', null), ADMIN, T0);
    await keepListingPage('/team', 'c1', page('b', 'c2'), 'guest@/api', T0);
    expect((await storedCopy('directories', '/team')).data).toHaveLength(2);

    await keepListingPage('/team', null, page('z', null), ADMIN, T0 + 5);
    expect(await storedCopy('directories', '/team')).toMatchObject({ cachedAt: T0 + 5 });
    expect((await storedCopy('directories', '/team')).data).toHaveLength(1);
  });

  it(`keeps at most ${DIRECTORY_PAGES_KEPT} pages of one folder`, async () => {
    await keepListingPage('/team', null, page('p0', 'c1'), ADMIN, T0);
    for (let at = 1; at <= DIRECTORY_PAGES_KEPT + 2; at += 1) {
      await keepListingPage('/team', `c${at}`, page(`p${at}`, `c${at + 1}`), ADMIN, T0);
    }
    expect((await storedCopy('directories', '/team')).data).toHaveLength(DIRECTORY_PAGES_KEPT);
  });

  it('gives nothing to another identity, nor after 7 days', async () => {
    await keepListingPage('/team', null, page('a', null), ADMIN, T0);
    expect(await readListingPage('/team', null, 'guest@/api', T0)).toBeUndefined();
    expect(await readListingPage('/team', null, ADMIN, T0 + 7 * DAY_MS)).toBeUndefined();
  });
});

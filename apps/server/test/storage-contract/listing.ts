import { expect, it } from 'vitest';
import type { ListOptions, StorageDriver } from '../../src/storage/storage-driver.js';
import { expectAppError, put, type DriverUnderTest } from './helpers.js';

// In UTF-8 byte order: '-' (0x2d) sorts before '/' (0x2f), and 'é' (0xc3 0xa9) after 'z'.
const TREE = [
  'a.txt',
  'b-side.txt',
  'b/1.txt',
  'b/2.txt',
  'b/c/3.txt',
  'c/d/e/4.txt',
  'z.txt',
  'é.txt',
];

async function seed(driver: StorageDriver, keys: readonly string[]) {
  await Promise.all(keys.map((key) => put(driver, key, key)));
}

/** Walks every page; returns pages as [objectKeys, prefixes] pairs. */
async function allPages(driver: StorageDriver, prefix: string, options: ListOptions) {
  const pages: Array<[string[], string[]]> = [];
  let cursor: string | null = null;
  do {
    const page = await driver.list(prefix, { ...options, cursor });
    pages.push([page.objects.map((o) => o.key), page.prefixes]);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor !== null);
  return pages;
}

/** Contract: S3 listing semantics (prefix, '/' delimiter, byte order, cursors). */
export function listingContract(use: () => DriverUnderTest): void {
  it('lists recursively in UTF-8 byte order with sizes and ETags', async () => {
    const { driver } = use();
    await seed(driver, TREE);
    const { objects, prefixes, nextCursor } = await driver.list('');
    expect(objects.map((o) => o.key)).toEqual(TREE);
    expect(prefixes).toEqual([]);
    expect(nextCursor).toBeNull();
    expect(objects[0]).toMatchObject({ key: 'a.txt', size: 5 });
    expect(objects[0]?.etag).toMatch(/^[0-9a-f-]+$/);
    expect(objects[0]?.lastModified).toBeInstanceOf(Date);
  });

  it('folds keys into common prefixes with the "/" delimiter', async () => {
    const { driver } = use();
    await seed(driver, TREE);
    const keys = (r: { objects: { key: string }[] }) => r.objects.map((o) => o.key);

    const root = await driver.list('', { delimiter: '/' });
    expect(keys(root)).toEqual(['a.txt', 'b-side.txt', 'z.txt', 'é.txt']);
    expect(root.prefixes).toEqual(['b/', 'c/']);

    const b = await driver.list('b/', { delimiter: '/' });
    expect(keys(b)).toEqual(['b/1.txt', 'b/2.txt']);
    expect(b.prefixes).toEqual(['b/c/']);

    const partial = await driver.list('b', { delimiter: '/' });
    expect(keys(partial)).toEqual(['b-side.txt']);
    expect(partial.prefixes).toEqual(['b/']);

    const deep = await driver.list('c/', { delimiter: '/' });
    expect(keys(deep)).toEqual([]);
    expect(deep.prefixes).toEqual(['c/d/']);

    expect(keys(await driver.list('b/'))).toEqual(['b/1.txt', 'b/2.txt', 'b/c/3.txt']);
    expect(await driver.list('nothing/', { delimiter: '/' })).toEqual({
      objects: [],
      prefixes: [],
      nextCursor: null,
    });
  });

  it('pages through more entries than one page holds, without gaps or repeats', async () => {
    const { driver } = use();
    const keys = Array.from({ length: 11 }, (_, i) => `p/item-${String(i).padStart(2, '0')}.txt`);
    await seed(driver, keys);
    const pages = await allPages(driver, 'p/', { limit: 4 });
    expect(pages.map(([objects]) => objects.length)).toEqual([4, 4, 3]);
    expect(pages.flatMap(([objects]) => objects)).toEqual(keys);
  });

  it('pages through a delimited listing, counting prefixes towards the limit', async () => {
    const { driver } = use();
    await seed(driver, TREE);
    const pages = await allPages(driver, '', { delimiter: '/', limit: 2 });
    expect(pages).toEqual([
      [['a.txt', 'b-side.txt'], []],
      [[], ['b/', 'c/']],
      [['z.txt', 'é.txt'], []],
    ]);
  });

  it('refuses bad limits and prefixes', async () => {
    const { driver } = use();
    await expectAppError(driver.list('', { limit: 0 }), 'VALIDATION_FAILED');
    await expectAppError(driver.list('', { limit: 1001 }), 'VALIDATION_FAILED');
    await expectAppError(driver.list('../'), 'VALIDATION_FAILED');
  });
}

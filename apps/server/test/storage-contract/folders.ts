import { expect, it } from 'vitest';
import type { StorageDriver } from '../../src/storage/storage-driver.js';
import { expectAppError, put, type DriverUnderTest } from './helpers.js';

const keysOf = (page: { objects: { key: string }[] }) => page.objects.map((o) => o.key);

async function rootFolders(driver: StorageDriver): Promise<string[]> {
  return (await driver.list('', { delimiter: '/' })).prefixes;
}

/** Contract: folders (createFolder, folder markers in listings and deletes). */
export function folderContract(use: () => DriverUnderTest): void {
  it('shows an empty folder as a prefix and as its zero-byte marker', async () => {
    const { driver } = use();
    await driver.createFolder('docs');
    await driver.createFolder('docs'); // an existing folder is no error
    expect(await rootFolders(driver)).toEqual(['docs/']);
    const inside = await driver.list('docs/', { delimiter: '/' });
    expect(keysOf(inside)).toEqual(['docs/']);
    expect(inside.objects[0]).toMatchObject({ size: 0 });
    expect(keysOf(await driver.list(''))).toEqual(['docs/']);
    // A folder is not a file.
    expect(await driver.stat('docs')).toBeNull();
  });

  it('creates the parents of a nested folder', async () => {
    const { driver } = use();
    await driver.createFolder('a/b/c');
    expect(await rootFolders(driver)).toEqual(['a/']);
    expect((await driver.list('a/', { delimiter: '/' })).prefixes).toEqual(['a/b/']);
    expect(keysOf(await driver.list('a/b/c/', { limit: 1 }))).toEqual(['a/b/c/']);
  });

  it('deletes an empty folder by its marker, and keeps content beneath a marker', async () => {
    const { driver } = use();
    await driver.createFolder('empty');
    await driver.createFolder('full');
    await put(driver, 'full/kept.txt', 'kept');
    const results = await driver.deleteMany(['empty/', 'full/', 'never/']);
    expect(results).toEqual([
      { key: 'empty/', ok: true },
      { key: 'full/', ok: true },
      { key: 'never/', ok: true },
    ]);
    expect(await rootFolders(driver)).toEqual(['full/']);
    expect(keysOf(await driver.list('full/'))).toEqual(['full/kept.txt']);
  });

  it('leaves no empty folder behind when the last object beneath is deleted', async () => {
    const { driver } = use();
    await put(driver, 'p/q/r.txt', 'r');
    await driver.deleteMany(['p/q/r.txt']);
    expect(await rootFolders(driver)).toEqual([]);
    expect(keysOf(await driver.list(''))).toEqual([]);
  });

  it('refuses traversal in folder keys and malformed markers', async () => {
    const { driver } = use();
    for (const key of ['../x', 'a/../b', '', 'a/', '.meta-x/../..']) {
      await expectAppError(driver.createFolder(key), 'VALIDATION_FAILED');
    }
    const [bad] = await driver.deleteMany(['a//']);
    expect(bad).toMatchObject({ key: 'a//', ok: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a folder where a file is, when names cannot overlap', async () => {
    const { driver } = use();
    await put(driver, 'clash', 'file');
    if (driver.capabilities.keyPrefixOverlap) {
      await driver.createFolder('clash');
      expect(await rootFolders(driver)).toEqual(['clash/']);
    } else {
      await expectAppError(driver.createFolder('clash'), 'CONFLICT');
      await expectAppError(driver.createFolder('clash/below'), 'CONFLICT');
    }
    expect(await driver.stat('clash')).toMatchObject({ size: 4 });
  });
}

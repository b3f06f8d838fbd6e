import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.js';
import type { ListOptions, ListResult, StorageDriver } from '../../storage/storage-driver.js';
import { createCursorCodec, isNameable, readFolderPage } from './directory-listing.js';

const codec = createCursorCodec(Buffer.alloc(32, 7));
const where = { storageId: 's1', folderKey: 'docs' };

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return error.details?.[0]?.field;
    throw error;
  }
  return undefined;
}

describe('listing cursors', () => {
  it("round-trip the storage's cursor for the same folder", () => {
    const token = codec.encode({ ...where, cursor: 'opaque/\u00e9' });
    expect(codec.decode(token, where)).toBe('opaque/\u00e9');
  });

  it('refuse garbled, forged and transplanted cursors with a 400 naming the cursor', () => {
    const token = codec.encode({ ...where, cursor: 'c' });
    const [body] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['s1', 'docs', 'other'])).toString('base64url')}.${token.split('.')[1]}`;
    const otherKey = createCursorCodec(Buffer.alloc(32, 8)).encode({ ...where, cursor: 'c' });
    for (const bad of ['', '.', 'x', `${body}.`, `${token}.x`, forged, otherKey, `${token}A`]) {
      expect(
        fieldOf(() => codec.decode(bad, where)),
        bad,
      ).toBe('cursor');
    }
    expect(fieldOf(() => codec.decode(token, { ...where, folderKey: 'docs/sub' }))).toBe('cursor');
    expect(fieldOf(() => codec.decode(token, { ...where, storageId: 's2' }))).toBe('cursor');
  });
});

describe('isNameable', () => {
  it('accepts only names a request path can name', () => {
    expect(isNameable('r\u00e9sum\u00e9.txt')).toBe(true);
    expect(isNameable('%2e%2e')).toBe(true);
    for (const name of ['', '.', '..', 'a/b', 'a/', 'a\\b', 'a\u0000', 're\u0301sume\u0301.txt']) {
      expect(isNameable(name), JSON.stringify(name)).toBe(false);
    }
  });
});

/** A storage that lists `keys` (sorted) in pages of at most `pageSize`, S3-style. */
function fakeDriver(keys: string[], pageSize = 1000) {
  const calls: ListOptions[] = [];
  const driver: Pick<StorageDriver, 'list' | 'capabilities'> = {
    capabilities: { keyPrefixOverlap: true } as StorageDriver['capabilities'],
    list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
      calls.push(options);
      const entries = [
        ...new Set(
          keys
            .filter((key) => key.startsWith(prefix))
            .map((key) => {
              const slash = key.indexOf('/', prefix.length);
              return options.delimiter && slash >= 0 ? key.slice(0, slash + 1) : key;
            }),
        ),
      ].sort();
      const start = options.cursor ? Number(options.cursor) : 0;
      const count = Math.min(options.limit ?? 1000, pageSize);
      const slice = entries.slice(start, start + count);
      const end = start + slice.length;
      return Promise.resolve({
        objects: slice
          .filter((e) => !e.endsWith('/') || !options.delimiter || e === prefix)
          .map((key) => ({ key, size: 1, etag: 'e', lastModified: new Date(0) })),
        prefixes: slice.filter((e) => options.delimiter && e.endsWith('/') && e !== prefix),
        nextCursor: end < entries.length ? String(end) : null,
      });
    },
  };
  return { driver, calls };
}

describe('readFolderPage', () => {
  it('chains storage pages up to the limit and skips markers and unnameable names', async () => {
    const keys = [
      'd/',
      'd/..',
      'd/a\\b',
      ...Array.from({ length: 2500 }, (_, i) => `d/f${String(i).padStart(4, '0')}`),
      'd/sub/x',
    ];
    const { driver, calls } = fakeDriver(keys, 1000);
    const page = await readFolderPage(driver, { folderKey: 'd', cursor: null, limit: 2500 });
    expect(page.folders).toEqual([]);
    expect(page.files).toHaveLength(2500);
    expect(page.files[0]!.name).toBe('f0000');
    expect(calls.every((c) => (c.limit ?? 0) <= 1000)).toBe(true);
    const rest = await readFolderPage(driver, { folderKey: 'd', cursor: page.next, limit: 2500 });
    expect(rest.folders).toEqual(['sub']);
    expect(rest.files).toEqual([]);
    expect(rest.next).toBeNull();
  });

  it('answers a short page with a cursor rather than scan a folder of unnameable names', async () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => `d/bad\\${String(i).padStart(5, '0')}`);
    const { driver, calls } = fakeDriver([...keys, 'd/zz'], 1000);
    const page = await readFolderPage(driver, { folderKey: 'd', cursor: null, limit: 10 });
    expect(page.files).toEqual([]);
    expect(page.next).not.toBeNull();
    expect(calls).toHaveLength(5);
  });

  it('shows a sub-folder marker storage did not fold as the folder, once', async () => {
    const object = (key: string) => ({ key, size: 0, etag: 'e', lastModified: new Date(0) });
    const driver: Pick<StorageDriver, 'list' | 'capabilities'> = {
      capabilities: { keyPrefixOverlap: false } as StorageDriver['capabilities'],
      list: () =>
        Promise.resolve({
          objects: [object('d/'), object('d/x/'), object('d/f')],
          prefixes: ['d/x/'],
          nextCursor: null,
        }),
    };
    const page = await readFolderPage(driver, { folderKey: 'd', cursor: null, limit: 10 });
    expect(page.folders).toEqual(['x']);
    expect(page.files.map((f) => f.name)).toEqual(['f']);
  });

  it('says a non-root folder with nothing under it does not exist (S3)', async () => {
    const { driver } = fakeDriver(['other/x']);
    expect((await readFolderPage(driver, { folderKey: 'd', cursor: null, limit: 10 })).exists).toBe(
      false,
    );
    expect((await readFolderPage(driver, { folderKey: '', cursor: null, limit: 10 })).exists).toBe(
      true,
    );
    const marked = fakeDriver(['d/']).driver;
    const page = await readFolderPage(marked, { folderKey: 'd', cursor: null, limit: 10 });
    expect(page).toMatchObject({ exists: true, files: [], folders: [] });
  });
});

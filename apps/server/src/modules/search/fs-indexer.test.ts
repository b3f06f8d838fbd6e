import { describe, expect, it } from 'vitest';
import { createFsIndexer, indexRows } from './fs-indexer.js';

const at = new Date('2026-11-01T00:00:00.000Z');
const file = (key: string) => ({ key, isDirectory: false, size: 5, modified: at });

describe('indexRows', () => {
  it('adds every folder above an object once, with name, parent and folded name', () => {
    const rows = indexRows([file('a/b/Report.TXT'), file('a/b/c.txt'), file('top.md')]);
    expect(rows.map((r) => [r.key, r.parent_key, r.is_directory])).toEqual([
      ['a/b/Report.TXT', 'a/b', 0],
      ['a/b', 'a', 1],
      ['a', '', 1],
      ['a/b/c.txt', 'a/b', 0],
      ['top.md', '', 0],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Report.TXT',
      name_fold: 'report.txt',
      size: 5,
      modified: at.toISOString(),
    });
    // A folder known only from keys has no size and no time.
    expect(rows[1]).toMatchObject({ size: 0, modified: null });
  });

  it('reads an S3 folder marker as a folder and leaves out keys no path can name', () => {
    const rows = indexRows([
      file('docs/'),
      file('bad/../x'),
      file('back\\slash'),
      file('ctl\u0001'),
      file('a//b'),
      file(''),
    ]);
    expect(rows.map((r) => [r.key, r.is_directory])).toEqual([['docs', 1]]);
  });
});

describe('the fs indexer', () => {
  it('removes before it writes, trailing slashes dropped, and upserts written entries', async () => {
    const calls: unknown[] = [];
    const indexer = createFsIndexer({
      upsert: (id, rows) =>
        Promise.resolve(void calls.push(['upsert', id, rows.map((r) => r.key)])),
      remove: (id, key, recursive) =>
        Promise.resolve(void calls.push(['remove', id, key, recursive])),
    });
    await indexer.apply({
      storageConfigId: 's',
      written: [file('new/x.txt')],
      removed: [{ key: 'old/', recursive: true }],
    });
    expect(calls).toEqual([
      ['remove', 's', 'old', true],
      ['upsert', 's', ['new/x.txt', 'new']],
    ]);
  });
});

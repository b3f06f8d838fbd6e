import type { FsItem } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { extensionOf, filterEntries, needsAllPages, sortEntries } from './entries';

function entry(name: string, patch: Partial<FsItem> = {}): FsItem {
  return {
    name,
    path: `/m/${name}`,
    isDirectory: false,
    size: 0,
    modified: null,
    mimetype: null,
    ...patch,
  };
}

const folder = (name: string) => entry(name, { isDirectory: true });
const names = (items: readonly FsItem[]) => items.map((item) => item.name);

describe('sortEntries', () => {
  const items = [
    entry('file10.txt', { size: 5, modified: '2026-01-03T00:00:00Z' }),
    folder('zeta'),
    entry('File2.md', { size: 50, modified: '2026-01-01T00:00:00Z' }),
    folder('Alpha'),
    entry('archive.zip', { size: 500, modified: '2026-01-02T00:00:00Z' }),
  ];

  it('puts folders first, then names as people read them (case, numbers)', () => {
    expect(names(sortEntries(items, { key: 'name', direction: 'asc' }))).toEqual([
      'Alpha',
      'zeta',
      'archive.zip',
      'File2.md',
      'file10.txt',
    ]);
    expect(names(sortEntries(items, { key: 'name', direction: 'desc' }))).toEqual([
      'zeta',
      'Alpha',
      'file10.txt',
      'File2.md',
      'archive.zip',
    ]);
  });

  it('orders files by size, date and type, folders still first', () => {
    expect(names(sortEntries(items, { key: 'size', direction: 'desc' }))).toEqual([
      'Alpha',
      'zeta',
      'archive.zip',
      'File2.md',
      'file10.txt',
    ]);
    expect(names(sortEntries(items, { key: 'modified', direction: 'asc' }))).toEqual([
      'Alpha',
      'zeta',
      'File2.md',
      'archive.zip',
      'file10.txt',
    ]);
    expect(names(sortEntries(items, { key: 'type', direction: 'asc' }))).toEqual([
      'Alpha',
      'zeta',
      'File2.md',
      'file10.txt',
      'archive.zip',
    ]);
  });

  it('is total: names equal to the collator still come in a fixed order', () => {
    const twins = [entry('a.txt'), entry('A.txt')];
    expect(names(sortEntries(twins, { key: 'name', direction: 'asc' }))).toEqual(
      names(sortEntries([...twins].reverse(), { key: 'name', direction: 'asc' })),
    );
  });
});

describe('filterEntries', () => {
  it('keeps the names holding the text, in any case and composition', () => {
    const items = [entry('Report.PDF'), entry('café.md'), entry('notes.txt')];
    expect(names(filterEntries(items, 'report'))).toEqual(['Report.PDF']);
    expect(names(filterEntries(items, 'cafe\u0301'))).toEqual(['café.md']);
    expect(filterEntries(items, '  ')).toBe(items);
  });
});

describe('extensionOf / needsAllPages', () => {
  it('reads extensions, none for dot-files', () => {
    expect(extensionOf('a.tar.GZ')).toBe('gz');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('Makefile')).toBe('');
  });

  it('streams only the server order; any other order or a filter needs every page', () => {
    expect(needsAllPages({ key: 'name', direction: 'asc' }, '')).toBe(false);
    expect(needsAllPages({ key: 'name', direction: 'desc' }, '')).toBe(true);
    expect(needsAllPages({ key: 'size', direction: 'asc' }, '')).toBe(true);
    expect(needsAllPages({ key: 'name', direction: 'asc' }, 'x')).toBe(true);
  });
});

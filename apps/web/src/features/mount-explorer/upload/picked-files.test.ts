import { describe, expect, it } from 'vitest';
import { fakeDataTransfer, fileEntry, folderEntry } from './drop-test-kit';
import { dragHasFiles, pickedFromDrop, pickedFromInput } from './picked-files';

const pathsOf = (picked: { relativePath: string }[]) => picked.map((entry) => entry.relativePath);

describe('picked files', () => {
  it('takes a folder pick with its tree (webkitRelativePath), else the bare name', () => {
    const inFolder = new File(['x'], 'b.txt');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'album/sub/b.txt' });
    expect(pathsOf(pickedFromInput([new File(['y'], 'a.txt'), inFolder]))).toEqual([
      'a.txt',
      'album/sub/b.txt',
    ]);
  });

  it('walks dropped folders to every file beneath, reading each folder until an empty batch', async () => {
    const transfer = fakeDataTransfer({
      entries: [
        fileEntry('loose.txt', 'loose'),
        folderEntry(
          'album',
          [fileEntry('a.jpg'), folderEntry('sub', [fileEntry('b.jpg')])],
          [fileEntry('c.jpg')],
        ),
        folderEntry('empty'),
      ],
    });
    const picked = await pickedFromDrop(transfer);
    expect(pathsOf(picked)).toEqual(['loose.txt', 'album/a.jpg', 'album/sub/b.jpg', 'album/c.jpg']);
    expect(picked.map((entry) => [entry.file.name, entry.file.size])).toEqual([
      ['loose.txt', 5],
      ['a.jpg', 5],
      ['b.jpg', 5],
      ['c.jpg', 5],
    ]);
  });

  it('takes the entries before the drop handler returns (the browser empties the transfer)', async () => {
    const transfer = fakeDataTransfer({
      entries: [folderEntry('album', [fileEntry('a.jpg')])],
    });
    const pending = pickedFromDrop(transfer);
    (transfer.items as unknown as unknown[]).length = 0;
    expect(pathsOf(await pending)).toEqual(['album/a.jpg']);
  });

  it('falls back to the plain files when the browser gives no entries', async () => {
    const files = [new File(['1'], 'one.txt'), new File(['2'], 'two.txt')];
    const transfer = fakeDataTransfer({ entries: [null, null], files });
    expect(pathsOf(await pickedFromDrop(transfer))).toEqual(['one.txt', 'two.txt']);
  });

  it('tells a drag of files from a drag of text or a link', () => {
    expect(dragHasFiles(fakeDataTransfer({ types: ['Files'] }))).toBe(true);
    expect(dragHasFiles(fakeDataTransfer({ types: ['text/plain', 'text/uri-list'] }))).toBe(false);
    expect(dragHasFiles(null)).toBe(false);
  });
});

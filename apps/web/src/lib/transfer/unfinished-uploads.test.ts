import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { savedUploadKey, uploadFingerprint, type SavedUpload } from './multipart';
import { givenFile } from '../../test/kits/upload-kit';
import {
  forgetUnfinishedUploads,
  listUnfinishedUploads,
  resumePercentOf,
  uploadScopeOf,
  urlUploadScopeOf,
} from './unfinished-uploads';

const NOW = 1_900_000_000_000;
const MiB = 1024 * 1024;

function save(file: File, scope: string, stored: number[], savedAt = NOW - 1000): string {
  const key = savedUploadKey(uploadFingerprint(file, scope));
  const entry: SavedUpload = {
    fileId: `f-${file.name}`,
    uploadId: `u-${file.name}`,
    partSize: 5 * MiB,
    partCount: 4,
    parts: stored.map((partNumber) => ({ partNumber, etag: `e${partNumber}`, size: 5 * MiB })),
    savedAt,
  };
  localStorage.setItem(key, JSON.stringify(entry));
  return key;
}

describe('unfinished uploads', () => {
  it('lists fresh saved uploads of picked files with name, size and percent', () => {
    const big = givenFile('movie:part 1.mp4', 20 * MiB);
    save(big, uploadScopeOf('cfg-1'), [1, 2]);
    save(givenFile('from-url.bin', 20 * MiB), urlUploadScopeOf('cfg-1'), [1]);
    localStorage.setItem('pasteport.recentUploads', '[]');

    const listed = listUnfinishedUploads(NOW);
    expect(
      listed.map(({ filename, size, percent, scope }) => ({ filename, size, percent, scope })),
    ).toEqual([{ filename: 'movie:part 1.mp4', size: 20 * MiB, percent: 50, scope: 'cfg-1' }]);
  });

  it('drops entries older than 24 hours', () => {
    const key = save(givenFile('old.bin', 20 * MiB), 'default', [1], NOW - UPLOAD_STATE_TTL_MS - 1);
    expect(listUnfinishedUploads(NOW)).toEqual([]);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('tells how far the same file got in the same scope only', () => {
    const file = givenFile('a.bin', 20 * MiB);
    save(file, 'default', [1]);
    expect(resumePercentOf(file, 'default', NOW)).toBe(25);
    expect(resumePercentOf(file, 'cfg-2', NOW)).toBeUndefined();
    const edited = givenFile('a.bin', 20 * MiB, 42);
    expect(resumePercentOf(edited, 'default', NOW)).toBeUndefined();
  });

  it('forgets what it is given', () => {
    save(givenFile('a.bin', 20 * MiB), 'default', [1]);
    forgetUnfinishedUploads(listUnfinishedUploads(NOW));
    expect(listUnfinishedUploads(NOW)).toEqual([]);
  });
});

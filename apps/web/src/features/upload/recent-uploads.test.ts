import { describe, expect, it } from 'vitest';
import {
  addRecentUpload,
  clearRecentUploads,
  readRecentUploads,
  RECENT_UPLOADS_KEY,
  recentNotShown,
  recentEntryOf,
  type RecentUpload,
} from './recent-uploads';
import { uploadedFileDetail } from '../../test/kits/upload-kit';

const entry = (slug: string, at: number): RecentUpload => ({
  slug,
  filename: `${slug}.txt`,
  size: 1,
  url: `http://localhost/file/${slug}`,
  at,
});

describe('recent uploads (SPEC §9: 3 shown)', () => {
  it('keeps the last three, newest first', () => {
    for (const [index, slug] of ['a', 'b', 'c', 'd'].entries()) addRecentUpload(entry(slug, index));
    expect(readRecentUploads().map((upload) => upload.slug)).toEqual(['d', 'c', 'b']);
    expect(JSON.parse(localStorage.getItem(RECENT_UPLOADS_KEY) ?? '[]')).toHaveLength(3);
  });

  it('moves a re-added slug to the top instead of listing it twice', () => {
    addRecentUpload(entry('a', 1));
    addRecentUpload(entry('b', 2));
    addRecentUpload(entry('a', 3));
    expect(readRecentUploads().map((upload) => upload.slug)).toEqual(['a', 'b']);
  });

  it('skips malformed storage and clears', () => {
    localStorage.setItem(RECENT_UPLOADS_KEY, JSON.stringify([{ slug: 1 }, entry('ok', 1)]));
    expect(readRecentUploads().map((upload) => upload.slug)).toEqual(['ok']);
    localStorage.setItem(RECENT_UPLOADS_KEY, '{not json');
    expect(readRecentUploads()).toEqual([]);
    addRecentUpload(entry('x', 1));
    clearRecentUploads();
    expect(readRecentUploads()).toEqual([]);
  });

  it('leaves out the files the list beside already shows, keeping the order', () => {
    const recent = [entry('c', 3), entry('b', 2), entry('a', 1)];
    expect(recentNotShown(recent, new Set(['b'])).map((upload) => upload.slug)).toEqual(['c', 'a']);
    expect(recentNotShown(recent, new Set())).toEqual(recent);
  });

  it('stores the absolute share link of an uploaded file', () => {
    const recent = recentEntryOf(uploadedFileDetail({ slug: 'xyz', url: '/file/xyz' }), 5);
    expect(recent).toEqual({
      slug: 'xyz',
      filename: 'report.pdf',
      size: 1234,
      url: `${window.location.origin}/file/xyz`,
      at: 5,
    });
  });
});

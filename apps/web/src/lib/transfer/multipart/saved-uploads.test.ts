import { UPLOAD_STATE_TTL_MS } from '@pasteport/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  parseSavedUpload,
  pruneSavedUploads,
  readSavedUpload,
  removeSavedUpload,
  SAVED_UPLOAD_PREFIX,
  savedUploadKey,
  uploadFingerprint,
  writeSavedUpload,
  type SavedUpload,
} from './saved-uploads';

const NOW = 1_800_000_000_000;
const file = { name: 'holiday: part 1.mkv', size: 5_000_000_000, lastModified: 1_700_000_000_000 };

function givenSaved(patch: Partial<SavedUpload> = {}): SavedUpload {
  return {
    fileId: 'file-1',
    uploadId: 'up-1',
    partSize: 5_242_880,
    partCount: 954,
    parts: [{ partNumber: 1, etag: '"abc"', size: 5_242_880 }],
    savedAt: NOW - 1000,
    ...patch,
  };
}

describe('upload fingerprints', () => {
  it('keys progress by scope, name, size and modification time under pasteport.upload.', () => {
    const key = savedUploadKey(uploadFingerprint(file, 'storage-1'));
    expect(key.startsWith('pasteport.upload.')).toBe(true);
    expect(SAVED_UPLOAD_PREFIX).toBe('pasteport.upload.');
    const others = [
      uploadFingerprint(file, 'storage-2'),
      uploadFingerprint({ ...file, name: 'other.mkv' }, 'storage-1'),
      uploadFingerprint({ ...file, size: file.size + 1 }, 'storage-1'),
      uploadFingerprint({ ...file, lastModified: file.lastModified + 1 }, 'storage-1'),
    ];
    expect(new Set([uploadFingerprint(file, 'storage-1'), ...others]).size).toBe(5);
  });

  it('escapes separators so that different files cannot share a key', () => {
    expect(uploadFingerprint({ ...file, name: 'a:b' }, 'c')).not.toBe(
      uploadFingerprint({ ...file, name: 'b' }, 'c:a'),
    );
  });
});

describe('saved progress', () => {
  const key = savedUploadKey('k');

  it('round-trips through localStorage', () => {
    const entry = givenSaved();
    expect(writeSavedUpload(key, entry)).toBe(true);
    expect(readSavedUpload(key, NOW)).toEqual(entry);
    removeSavedUpload(key);
    expect(readSavedUpload(key, NOW)).toBeUndefined();
  });

  it('keeps the upload secret, and rejects an entry whose secret is not a string', () => {
    const entry = givenSaved({ uploadSecret: 'secret-1' });
    writeSavedUpload(key, entry);
    expect(readSavedUpload(key, NOW)).toEqual(entry);
    const bad = JSON.stringify({ ...givenSaved(), uploadSecret: 42 });
    expect(parseSavedUpload(bad)).toBeUndefined();
    // Entries saved before secrets existed still read (their server side may not need one).
    expect(parseSavedUpload(JSON.stringify(givenSaved()))).toEqual(givenSaved());
  });

  it('discards (and removes) entries 24 h old or older', () => {
    writeSavedUpload(key, givenSaved({ savedAt: NOW - UPLOAD_STATE_TTL_MS }));
    expect(readSavedUpload(key, NOW)).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();

    writeSavedUpload(key, givenSaved({ savedAt: NOW - UPLOAD_STATE_TTL_MS + 1 }));
    expect(readSavedUpload(key, NOW)).toBeDefined();
  });

  it('does not trust entries from the future (the clock was changed)', () => {
    writeSavedUpload(key, givenSaved({ savedAt: NOW + 60_000 }));
    expect(readSavedUpload(key, NOW)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an object', '42'],
    ['no uploadId', JSON.stringify({ ...givenSaved(), uploadId: '' })],
    [
      'a bad part',
      JSON.stringify({ ...givenSaved(), parts: [{ partNumber: 0, etag: 'x', size: 1 }] }),
    ],
    ['no savedAt', JSON.stringify({ ...givenSaved(), savedAt: 'yesterday' })],
  ])('rejects %s', (_what, raw) => {
    expect(parseSavedUpload(raw)).toBeUndefined();
    localStorage.setItem(key, raw);
    expect(readSavedUpload(key, NOW)).toBeUndefined();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('keeps going when storage refuses writes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(writeSavedUpload(key, givenSaved())).toBe(false);
    setItem.mockRestore();
  });
});

describe('pruneSavedUploads', () => {
  it('removes every stale or broken pasteport.upload.* entry and nothing else', () => {
    writeSavedUpload(savedUploadKey('fresh'), givenSaved());
    writeSavedUpload(
      savedUploadKey('stale'),
      givenSaved({ savedAt: NOW - UPLOAD_STATE_TTL_MS - 1 }),
    );
    localStorage.setItem(savedUploadKey('broken'), 'nope');
    localStorage.setItem('pasteport.theme', 'dark');
    localStorage.setItem('pasteport.uploadDefaults', 'kept');

    expect(pruneSavedUploads(NOW)).toBe(2);
    expect(localStorage.getItem(savedUploadKey('fresh'))).not.toBeNull();
    expect(localStorage.getItem(savedUploadKey('stale'))).toBeNull();
    expect(localStorage.getItem(savedUploadKey('broken'))).toBeNull();
    expect(localStorage.getItem('pasteport.theme')).toBe('dark');
    expect(localStorage.getItem('pasteport.uploadDefaults')).toBe('kept');
  });

  it('runs when the uploader module loads', async () => {
    const now = Date.now();
    writeSavedUpload(
      savedUploadKey('stale'),
      givenSaved({ savedAt: now - UPLOAD_STATE_TTL_MS - 1 }),
    );
    writeSavedUpload(savedUploadKey('fresh'), givenSaved({ savedAt: now - 1000 }));
    vi.resetModules();
    await import('./multipart-uploader');
    expect(localStorage.getItem(savedUploadKey('stale'))).toBeNull();
    expect(localStorage.getItem(savedUploadKey('fresh'))).not.toBeNull();
  });
});

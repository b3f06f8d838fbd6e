import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { editOfferOf, exceedsEditorLimit, type EditCandidate } from './edit-rules';

const text: EditCandidate = {
  name: 'notes.txt',
  mimetype: 'text/plain',
  size: 100,
  isDirectory: false,
  writable: true,
};

describe('editOfferOf', () => {
  it('offers text, code, config, Markdown and HTML files in a writable folder', () => {
    for (const name of ['notes.txt', 'app.ts', 'config.yaml', 'README.md', 'page.html']) {
      expect(editOfferOf({ ...text, name, mimetype: null })).toBe('editable');
    }
  });

  it('offers nothing for other files, folders or a read-only folder', () => {
    expect(editOfferOf({ ...text, name: 'photo.png', mimetype: 'image/png' })).toBe('none');
    expect(editOfferOf({ ...text, name: 'blob.bin', mimetype: 'application/octet-stream' })).toBe(
      'none',
    );
    expect(editOfferOf({ ...text, isDirectory: true })).toBe('none');
    expect(editOfferOf({ ...text, writable: false })).toBe('none');
  });

  it('refuses a text file over the editor limit, and takes one at the limit', () => {
    expect(editOfferOf({ ...text, size: EDITOR_CONTENT_MAX_BYTES })).toBe('editable');
    expect(editOfferOf({ ...text, size: EDITOR_CONTENT_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});

describe('exceedsEditorLimit', () => {
  it('compares UTF-8 bytes, not characters, with the limit', () => {
    expect(exceedsEditorLimit('abcd', 4)).toBe(false);
    expect(exceedsEditorLimit('abcde', 4)).toBe(true);
    // Two characters, six bytes.
    expect(exceedsEditorLimit('二二', 5)).toBe(true);
    expect(exceedsEditorLimit('二二', 6)).toBe(false);
    expect(exceedsEditorLimit('😀', 3)).toBe(true);
  });

  it('uses the 10 MB editor limit by default', () => {
    expect(exceedsEditorLimit('x'.repeat(EDITOR_CONTENT_MAX_BYTES))).toBe(false);
    expect(exceedsEditorLimit('x'.repeat(EDITOR_CONTENT_MAX_BYTES - 1) + 'é')).toBe(true);
  });
});

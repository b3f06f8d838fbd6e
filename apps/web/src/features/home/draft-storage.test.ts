import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearDraft,
  DRAFT_STORAGE_KEY,
  newPasteOptions,
  readDraft,
  saveDraft,
  saveShareDefaults,
} from './draft-storage';
import { DEFAULT_OPTIONS } from './share-form';

const NOW = new Date('2030-01-02T03:04:05Z');
const withPassword = { ...DEFAULT_OPTIONS, slug: 'notes', password: 'hunter2' };

afterEach(() => vi.restoreAllMocks());

describe('draft storage', () => {
  it('saves and restores text, mode and options, but never the password', () => {
    expect(saveDraft({ content: 'hi', markdown: false, options: withPassword }, NOW)).toBe('saved');
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).not.toContain('hunter2');
    expect(readDraft()).toEqual({
      content: 'hi',
      markdown: false,
      options: { ...withPassword, password: '' },
      savedAt: NOW.toISOString(),
    });
  });

  it('removes the draft when the text is emptied, and on clear', () => {
    saveDraft({ content: 'hi', markdown: true, options: DEFAULT_OPTIONS }, NOW);
    expect(saveDraft({ content: '  ', markdown: true, options: DEFAULT_OPTIONS }, NOW)).toBe(
      'cleared',
    );
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    saveDraft({ content: 'hi', markdown: true, options: DEFAULT_OPTIONS }, NOW);
    clearDraft();
    expect(readDraft()).toBeUndefined();
  });

  it('reports a full storage as too large and a blocked one as unavailable', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    setItem.mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveDraft({ content: 'big', markdown: true, options: DEFAULT_OPTIONS }, NOW)).toBe(
      'tooLarge',
    );
    setItem.mockImplementationOnce(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(saveDraft({ content: 'x', markdown: true, options: DEFAULT_OPTIONS }, NOW)).toBe(
      'unavailable',
    );
  });

  it('ignores a corrupt draft', () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(readDraft()).toBeUndefined();
  });

  it('remembers the expiry and view limit for the next paste, nothing else', () => {
    expect(newPasteOptions()).toEqual(DEFAULT_OPTIONS);
    saveShareDefaults({ ...withPassword, expiry: '1-hours', maxViews: '2', remark: 'r' });
    expect(newPasteOptions()).toEqual({ ...DEFAULT_OPTIONS, expiry: '1-hours', maxViews: '2' });
  });
});

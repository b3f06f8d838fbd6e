import { describe, expect, it } from 'vitest';
import { folderRefusal } from './folder-choice';

describe('folderRefusal', () => {
  const sources = ['/team/docs', '/team/a.txt'];

  it('refuses a source folder and anything beneath it', () => {
    expect(folderRefusal('/team/docs', sources, true)).toBe('intoItself');
    expect(folderRefusal('/team/docs/2026', sources, true)).toBe('intoItself');
  });

  it('does not confuse a sibling whose name starts the same', () => {
    expect(folderRefusal('/team/docs-old', sources, true)).toBeUndefined();
  });

  it('refuses the folder the sources are in, and a read-only one', () => {
    expect(folderRefusal('/team', sources, true)).toBe('sameFolder');
    expect(folderRefusal('/other', sources, false)).toBe('readOnly');
    expect(folderRefusal('/other', sources, true)).toBeUndefined();
  });
});

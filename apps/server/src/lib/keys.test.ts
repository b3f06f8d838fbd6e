import { describe, expect, it } from 'vitest';
import { deriveKey } from './keys.js';

describe('deriveKey', () => {
  it('is stable for the same secret and purpose', () => {
    expect(deriveKey('s'.repeat(32), 'a').equals(deriveKey('s'.repeat(32), 'a'))).toBe(true);
    expect(deriveKey('s'.repeat(32), 'a')).toHaveLength(32);
  });

  it('differs by purpose and by secret', () => {
    const base = deriveKey('s'.repeat(32), 'a');
    expect(base.equals(deriveKey('s'.repeat(32), 'b'))).toBe(false);
    expect(base.equals(deriveKey('t'.repeat(32), 'a'))).toBe(false);
  });
});

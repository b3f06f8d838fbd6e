import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, removeStored, writeStored } from './storage';

afterEach(() => vi.restoreAllMocks());

describe('storage helpers', () => {
  it('round-trips values', () => {
    expect(writeStored('k', 'v')).toBe(true);
    expect(readStored('k')).toBe('v');
    removeStored('k');
    expect(readStored('k')).toBeUndefined();
  });

  it('survive blocked storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(readStored('k')).toBeUndefined();
    expect(writeStored('k', 'v')).toBe(false);
  });
});

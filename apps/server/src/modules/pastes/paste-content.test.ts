import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { EDITOR_LIMIT_ERROR, sizeOf } from './paste-content.js';

describe('paste size', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(sizeOf('abc')).toBe(3);
    expect(sizeOf('中文')).toBe(6);
    expect(sizeOf('😀')).toBe(4); // one character for people, two UTF-16 units, four bytes
    expect(sizeOf('é')).toBe(2);
  });

  it('puts the limit at 10 MB (10 × 1024 × 1024 bytes) and names both sizes in the error', () => {
    expect(EDITOR_CONTENT_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(EDITOR_LIMIT_ERROR.limit).toBe(EDITOR_CONTENT_MAX_BYTES);
    const atLimit = 'a'.repeat(EDITOR_CONTENT_MAX_BYTES);
    expect(sizeOf(atLimit)).toBe(EDITOR_LIMIT_ERROR.limit);
    // A multi-byte character at the end tips a string of the limit's length over it.
    expect(sizeOf(`${atLimit.slice(1)}中`)).toBeGreaterThan(EDITOR_LIMIT_ERROR.limit);
    const error = EDITOR_LIMIT_ERROR.error(EDITOR_CONTENT_MAX_BYTES + 1);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toContain(String(EDITOR_CONTENT_MAX_BYTES + 1));
    expect(error.message).toContain('10 MB');
  });
});

import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './utf8';

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes as the server (TextEncoder) does, lone surrogates included', () => {
    for (const text of ['', 'abc', 'é', '中文', '😀', 'a😀中é\n', '\ud800x', 'x\udc00', '\ud800']) {
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(
        new TextEncoder().encode(text).length,
      );
    }
  });
});

import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract/plain';

/** The paste size limit (SPEC §9: 10 MB), in UTF-8 bytes as the server counts it. */
export const CONTENT_LIMIT_BYTES = EDITOR_CONTENT_MAX_BYTES;

/**
 * UTF-8 length of a string without encoding it (no 10 MB copy per check). A lone surrogate
 * counts 3 bytes, as the U+FFFD it is encoded to.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Why content cannot be shared as it is: nothing in it, or more than the limit. */
export type ContentProblem = 'empty' | 'tooLarge';

/** The problem with content of `bytes` UTF-8 bytes, or null when it can be shared. */
export function contentProblem(text: string, bytes: number): ContentProblem | null {
  if (text.trim() === '') return 'empty';
  if (bytes > CONTENT_LIMIT_BYTES) return 'tooLarge';
  return null;
}

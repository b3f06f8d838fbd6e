import { EDITOR_CONTENT_MAX_BYTES } from '@pasteport/contract/plain';

/** The paste size limit (SPEC §9: 10 MB), in UTF-8 bytes as the server counts it. */
export const CONTENT_LIMIT_BYTES = EDITOR_CONTENT_MAX_BYTES;

/** Why content cannot be shared as it is: nothing in it, or more than the limit. */
export type ContentProblem = 'empty' | 'tooLarge';

/** The problem with content of `bytes` UTF-8 bytes, or null when it can be shared. */
export function contentProblem(text: string, bytes: number): ContentProblem | null {
  if (text.trim() === '') return 'empty';
  if (bytes > CONTENT_LIMIT_BYTES) return 'tooLarge';
  return null;
}

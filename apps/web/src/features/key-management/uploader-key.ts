import { API_KEY_PATTERN } from '@pasteport/contract/plain';

/** Why a pasted key cannot be the key of a row. */
export type PastedKeyProblem = 'required' | 'pattern' | 'short' | 'prefix';

/**
 * Checks a key pasted for a row of the list, which knows only the key's first characters: it
 * must be a key the server could accept, longer than the prefix and starting with it. (It may
 * still be a wrong key with the same start: only the server can tell, and the uploader will.)
 */
export function pastedKeyProblem(pasted: string, keyPrefix: string): PastedKeyProblem | undefined {
  const key = pasted.trim();
  if (key === '') return 'required';
  if (!API_KEY_PATTERN.test(key)) return 'pattern';
  if (key.length <= keyPrefix.length) return 'short';
  if (!key.startsWith(keyPrefix)) return 'prefix';
  return undefined;
}

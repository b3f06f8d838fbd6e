import { segmentProblem } from '@pasteport/contract/plain';

/** Why a folder or file name cannot be used (the server's own name rule), or undefined. */
export type NameProblem = 'empty' | 'slash' | 'dot' | 'invalid' | 'too_long' | 'same';

/** Checks a new name as the user types; `current` is the name being replaced (rename). */
export function nameProblem(name: string, current?: string): NameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.includes('/')) return 'slash';
  if (current !== undefined && trimmed.normalize('NFC') === current.normalize('NFC')) return 'same';
  const problem = segmentProblem(trimmed.normalize('NFC'));
  if (problem === undefined) return undefined;
  if (problem === 'dot') return 'dot';
  if (problem === 'too_long') return 'too_long';
  return problem === 'empty' ? 'empty' : 'invalid';
}

import { checkPath, isWithinPath as contains, PATH_PROBLEM_MESSAGES } from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';

export { MAX_PATH_LENGTH, MAX_SEGMENT_BYTES } from '@pasteport/contract';

/**
 * The contract's one path rule (`packages/contract/src/paths.ts`) as the server answers it:
 * the normalised path, or VALIDATION_FAILED naming `field`, so no caller ever has to re-check
 * traversal.
 */
export function normalizePath(input: string, field = 'path'): string {
  const checked = checkPath(input);
  if (checked.ok) return checked.path;
  const message = PATH_PROBLEM_MESSAGES[checked.problem];
  throw new AppError('VALIDATION_FAILED', `${field}: ${message}`, {
    details: [{ field, rule: 'path', message }],
  });
}

/**
 * Whether `path` is `base` or lies beneath it (segment by segment: `/docs` contains `/docs/a`
 * but not `/docs-private`). A refused path is an error here, not a "no": the caller learns
 * which field was wrong.
 */
export function isWithinPath(base: string, path: string): boolean {
  return contains(normalizePath(base, 'basic_path'), normalizePath(path));
}

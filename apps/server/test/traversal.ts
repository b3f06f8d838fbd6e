import { checkPath, isWithinPath } from '@pasteport/contract';

/**
 * Known traversal payloads, as they appear in a query string (the framework decodes once), for
 * a key whose basic path is /team/docs: dot segments plain, percent-encoded, double-encoded and
 * as overlong UTF-8; backslashes, encoded slashes and look-alike slashes and dots; NUL and CR/LF;
 * relative and doubled-slash paths.
 */
export const TRAVERSAL_PAYLOADS = [
  '/team/docs/..',
  '/team/docs/../media',
  '/team/docs/%2e%2e',
  '/team/docs/%2e%2e/media',
  '/team/docs/.%2e/media',
  '/team/docs/%2e./media',
  '/team/docs/%2E%2E%2Fmedia',
  '/team/docs/%252e%252e',
  '/team/docs/%252e%252e%252fmedia',
  '/team/docs/%c0%ae%c0%ae',
  '/team/docs/%c0%ae%c0%ae/media',
  '/team/docs/%u002e%u002e/media',
  '/team/docs/..%5c..%5cmedia',
  '/team/docs/..\\..\\media',
  '/team/docs/..%2f..%2fmedia',
  '/team/docs/..%2f',
  '/team/docs/..;/media',
  '/docs/..%2f',
  '/team/docs/%EF%BC%8F..',
  '/team/docs/%EF%BC%8F..%EF%BC%8Fmedia',
  '/team/docs/%E2%80%A4%E2%80%A4',
  '/team/docs/%E2%80%A4%E2%80%A4/media',
  '/team/docs/%00',
  '/team/docs/%00/../media',
  '/team/docs/a%0d%0aX-Injected:%201',
  '/team/docs/%0a',
  'team/docs',
  '%2fteam%2fmedia',
  '//team//media',
  '/team/./media',
  '/team/docs/./../../team/media',
  '/team/docs%2f..%2fmedia',
];

/**
 * A value as the framework's query parser hands it over: `+` is a space and percent-escapes
 * are decoded once; a malformed escape leaves the value as sent (fast-querystring's rule).
 */
export function decodedOnce(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** What the one path rule makes of a path a server received, for a key with basic path `base`. */
export type PathClass = 'invalid' | 'outside' | 'above' | 'inside';

/**
 * Refused by the normaliser (400); outside the key's reach (403); one of the bare folders above
 * its basic path; or a name inside it (odd, perhaps, but only a name).
 */
export function classify(received: string, base: string): PathClass {
  const checked = checkPath(received);
  if (!checked.ok) return 'invalid';
  if (isWithinPath(base, checked.path)) return 'inside';
  return isWithinPath(checked.path, base) ? 'above' : 'outside';
}

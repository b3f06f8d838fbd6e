/**
 * The one path rule (SPEC §5 path permission), shared by the server (uploads' folders, API
 * keys' basic paths, the access policy, storage keys) and the web (the route guard). Plain
 * TypeScript with no Node-only API, so both sides run the same code: a path the server refuses
 * is never one the web treats as inside a basic path.
 */

/** Longest path accepted anywhere a virtual path is named (fs, WebDAV, basic paths). */
export const MAX_PATH_LENGTH = 4096;
/** Longest name in a path or storage key, in UTF-8 bytes: a common filesystem limit (NAME_MAX). */
export const MAX_SEGMENT_BYTES = 255;

/** Why one name of a path (or of a storage key) is refused. */
export type SegmentProblem = 'empty' | 'dot' | 'control' | 'backslash' | 'unicode' | 'too_long';

/** Why a whole virtual path is refused. */
export type PathProblem = SegmentProblem | 'relative' | 'path_too_long';

/** What each problem tells the person who sent the path (after the field name). */
export const PATH_PROBLEM_MESSAGES: Readonly<Record<PathProblem, string>> = {
  relative: 'must start with /',
  path_too_long: `must be at most ${MAX_PATH_LENGTH} characters`,
  empty: 'must not contain empty names',
  dot: 'must not contain . or .. segments',
  control: 'must not contain control characters',
  backslash: 'must not contain backslashes',
  unicode: 'must be valid Unicode',
  too_long: `each name must be at most ${MAX_SEGMENT_BYTES} bytes`,
};

// C0 and C1 controls and DEL: invisible in listings and dangerous in headers and logs.
const CONTROL = /\p{Cc}/u;
// In /u mode a well-paired surrogate is one code point, so this only finds lone halves, which
// cannot be encoded as UTF-8 and would be silently mangled by S3 or a filesystem.
const LONE_SURROGATE = /\p{Cs}/u;
const encoder = new TextEncoder();

/** Whether `text` holds a control character (C0, C1 or DEL). */
export const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

/** Whether `text` holds half of a surrogate pair, which has no UTF-8 form. */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** The UTF-8 length of `text` (a name's limit is in bytes, as filesystems count it). */
export const utf8Bytes = (text: string): number => encoder.encode(text).length;

/** The rule every name of a path or storage key passes; undefined when it is fine. */
export function segmentProblem(segment: string): SegmentProblem | undefined {
  if (segment === '') return 'empty';
  if (segment === '.' || segment === '..') return 'dot';
  if (hasControlCharacter(segment)) return 'control';
  if (segment.includes('\\')) return 'backslash';
  if (hasLoneSurrogate(segment)) return 'unicode';
  if (utf8Bytes(segment) > MAX_SEGMENT_BYTES) return 'too_long';
  return undefined;
}

/** The names of a '/'-separated path, empty ones (repeated or edge slashes) dropped. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A checked virtual path: normalised, or the first problem found. */
export type PathCheck = { ok: true; path: string } | { ok: false; problem: PathProblem };

/**
 * The one normalisation of virtual paths: Unicode NFC, absolute, '/'-separated, repeated and
 * trailing slashes collapsed. `.` and `..` are refused, never resolved: a path that names a
 * parent is a client's mistake or an attack, and resolving it on one side but not the other is
 * how traversal slips through. NFC comes first and every check runs on its result: a name typed
 * on macOS (decomposed, NFD) and the same name typed on Windows or Linux (composed, NFC) must
 * name the same object, and a check made before normalising could be undone by it.
 */
export function checkPath(input: string): PathCheck {
  if (input.length > MAX_PATH_LENGTH) return { ok: false, problem: 'path_too_long' };
  const normalised = input.normalize('NFC');
  // Composition can lengthen a few strings (composition exclusions), so the limit holds after it.
  if (normalised.length > MAX_PATH_LENGTH) return { ok: false, problem: 'path_too_long' };
  if (!normalised.startsWith('/')) return { ok: false, problem: 'relative' };
  const segments = pathSegments(normalised);
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) return { ok: false, problem };
  }
  return { ok: true, path: `/${segments.join('/')}` };
}

/**
 * Whether `path` is `base` or lies beneath it, compared segment by segment on normalised
 * paths: `/docs` contains `/docs/a` but not `/docs-private`; `/` contains everything. A path
 * either side refuses contains nothing and is contained by nothing.
 */
export function isWithinPath(base: string, path: string): boolean {
  const b = checkPath(base);
  const p = checkPath(path);
  if (!b.ok || !p.ok) return false;
  if (b.path === '/') return true;
  return p.path === b.path || p.path.startsWith(`${b.path}/`);
}
